"""Use-case errors; the API maps them to HTTP statuses, the CLI to messages. Messages are shown to users."""


class ServiceError(Exception):
    status_code = 400


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


class Invalid(ServiceError):
    status_code = 422


