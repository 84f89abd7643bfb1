"""bot.metrics: acknowledgement timing, the endpoint, and METRICS_PORT in ``python -m bot``."""

from __future__ import annotations

import socket
import urllib.request

import pytest

from bot import metrics
from bot.__main__ import serve_metrics
from bot.config import Settings


def ack_count() -> tuple[float, float]:
    """The histogram's (sum, count) so far."""
    return metrics.ACK_SECONDS._sum.get(), sum(b.get() for b in metrics.ACK_SECONDS._buckets)


def test_an_interaction_is_timed_once_from_its_arrival() -> None:
    """The first response observes the seconds since arrival; later ones, and interactions
    whose arrival was not seen, observe nothing."""
    now = [100.0]
    instruments = metrics.Instruments(clock=lambda: now[0])
    total, count = ack_count()
    instruments.arrived(7)
    now[0] = 100.25
    assert instruments.answered(7) == pytest.approx(0.25)
    assert instruments.answered(7) is None
    assert instruments.answered(8) is None
    assert ack_count() == (pytest.approx(total + 0.25), count + 1)


def test_the_gateway_hook_notes_arrivals_and_still_parses() -> None:
    """watch_gateway wraps the INTERACTION_CREATE parser: arrival noted, parser called."""
    parsed = []
    parsers = {"INTERACTION_CREATE": parsed.append}
    instruments = metrics.Instruments(clock=lambda: 5.0)
    instruments.watch_gateway(parsers)
    parsers["INTERACTION_CREATE"]({"id": "42"})
    parsers["INTERACTION_CREATE"]({"no": "id"})
    assert parsed == [{"id": "42"}, {"no": "id"}]
    assert instruments.answered(42) == 0.0


def test_serve_exports_the_series() -> None:
    """The endpoint serves every series, at zero before anything happened."""
    port = metrics.serve(0, addr="127.0.0.1")
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    for name in (
        "bingomagic_live_matches",
        "bingomagic_interaction_ack_seconds_bucket",
        "bingomagic_http_429_total",
        "bingomagic_dms_refused_total",
        "bingomagic_http_responses_total",
        'bingomagic_http_429_scope_total{scope="global"}',
        'bingomagic_http_invalid_total{status="403"}',
        'bingomagic_outbox_wait_seconds_bucket{le="0.005",priority="turn"}',
        'bingomagic_outbox_queued{priority="tidy"}',
    ):
        assert f"\n{name}" in text


def sample(name: str, **labels: str) -> float:
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.mark.parametrize(
    ("status", "headers", "scope"),
    [
        (429, {"X-RateLimit-Scope": "global", "X-RateLimit-Global": "true"}, "global"),
        (429, {"X-RateLimit-Scope": "shared"}, "shared"),
        (429, {"X-RateLimit-Scope": "user"}, "user"),
        (429, {"X-RateLimit-Global": "true"}, "global"),
        (429, {}, "unknown"),
        (403, {}, None),
        (401, {}, None),
        (200, {"X-RateLimit-Remaining": "0"}, None),
    ],
)
def test_responses_are_counted_with_429_scopes_and_invalid_requests(
    status: int, headers: dict[str, str], scope: str | None
) -> None:
    """Every answer counts once; 401/403/429 count as invalid requests by status; a 429
    counts under its X-RateLimit-Scope (global when only X-RateLimit-Global says so)."""
    scopes = {s: sample("bingomagic_http_429_scope_total", scope=s) for s in metrics.SCOPES}
    invalid = {
        s: sample("bingomagic_http_invalid_total", status=str(s)) for s in metrics.INVALID_STATUSES
    }
    responses = sample("bingomagic_http_responses_total")
    metrics.responded(status, headers)
    assert sample("bingomagic_http_responses_total") == responses + 1
    for s, before in scopes.items():
        assert sample("bingomagic_http_429_scope_total", scope=s) == before + (s == scope)
    for code, before in invalid.items():
        assert sample("bingomagic_http_invalid_total", status=str(code)) == before + (
            code == status
        )


def test_metrics_are_off_unless_metrics_port_is_set(capsys: pytest.CaptureFixture[str]) -> None:
    """No METRICS_PORT: nothing is served; a port in use: one error line, exit status 2."""
    assert serve_metrics(Settings.from_env({"DISCORD_TOKEN": "x"}, dotenv=False))
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = Settings.from_env({"DISCORD_TOKEN": "x", "METRICS_PORT": str(port)})
        assert not serve_metrics(settings)
    err = capsys.readouterr().err
    assert err.startswith(f"error: METRICS_PORT {port} cannot be used") and err.count("\n") == 1
