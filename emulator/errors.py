"""Discord-shaped API errors raised by REST handlers."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error response: HTTP ``status`` with JSON body ``{"code", "message"[, "errors"]}``.

    ``problem`` (if set) is a human readable description recorded in ``Emulator.problems``:
    use it when the request reveals a bug in the bot, not for legitimate failures such as
    403/50007 for closed DMs.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        problem: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.problem = problem

    def body(self) -> dict[str, Any]:
        """JSON body Discord would send."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


def not_found(code: int, what: str) -> ApiError:
    """404 ``Unknown <what>`` with Discord error ``code`` (10003 channel, 10008 message ...)."""
    return ApiError(404, code, f"Unknown {what}")


def bad_form(problem: str) -> ApiError:
    """400/50035 Invalid Form Body with no field errors: a request the emulator refuses
    as a whole (``problem`` says why, in its problems list)."""
    return ApiError(400, 50035, "Invalid Form Body", problem=problem)


def invalid_form(errors: list[tuple[str, str]], *, problem: bool = True) -> ApiError:
    """400/50035 Invalid Form Body from ``[(dotted.path, message), ...]``."""
    nested: dict[str, Any] = {}
    for path, message in errors:
        node = nested
        for key in path.split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": "INVALID", "message": message})
    summary = "; ".join(f"{p}: {m}" for p, m in errors)
    return ApiError(
        400,
        50035,
        "Invalid Form Body",
        errors=nested,
        problem=f"invalid form body ({summary})" if problem else None,
    )
