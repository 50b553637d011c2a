"""Use-case errors; the API maps them to HTTP statuses, the CLI to messages. Messages are shown to users."""


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

