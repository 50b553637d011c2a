"""Use-case errors; the API maps them to HTTP statuses, the CLI to messages. Messages are shown to users."""

from sqlalchemy.exc import SQLAlchemyError


class ServiceError(Exception):
    status_code = 400

    @property
    def headers(self) -> dict[str, str]:
        """HTTP headers that the answer to this error carries, on the API and on the pages alike."""
        return {}


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


class Invalid(ServiceError):
    status_code = 422


class Unauthorized(ServiceError):
    status_code = 401


class Forbidden(ServiceError):
    status_code = 403


class TooManyRequests(ServiceError):
    status_code = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


def plain_reason(exc: BaseException) -> str:
    """An unexpected exception as a user may be shown it: a database error's text holds the SQL statement and its
    parameters (the user's own data, or another's), so it is named by its kind alone; others keep their first line."""
    if isinstance(exc, SQLAlchemyError):
        return "a database error; the server log has the details"
    first_line = str(exc).strip().split("\n", 1)[0][:300]
    return f"{type(exc).__name__}: {first_line}" if first_line else type(exc).__name__
