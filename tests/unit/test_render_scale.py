"""The scale a page image is drawn at: the one asked for, a smaller one within the pixel cap, or a clear refusal."""

from __future__ import annotations

import math

import pytest

from app.ingest.render import MAX_SIDE_PX, UndrawablePage, fitted_scale


def test_an_ordinary_page_keeps_its_scale() -> None:
    assert fitted_scale(595.0, 842.0, 1.5, 16_000_000) == 1.5


def test_a_large_page_is_scaled_to_the_pixel_cap() -> None:
    scale = fitted_scale(14_400.0, 14_400.0, 1.5, 16_000_000)
    assert scale == pytest.approx(4000 / 14_400)
    assert (14_400 * scale) ** 2 <= 16_000_000 * 1.0001


def test_a_long_strip_is_bounded_by_the_side_limit() -> None:
    scale = fitted_scale(14_400.0, 100.0, 4.0, 16_000_000)
    assert 14_400 * scale == pytest.approx(MAX_SIDE_PX)


@pytest.mark.parametrize(
    ("width", "height", "reason"),
    [
        (10_000_000.0, 10_000_000.0, "beyond the 14,400-point maximum"),
        (14_401.0, 10.0, "beyond the 14,400-point maximum"),
        (0.0, 842.0, "no drawable size"),
        (math.nan, 842.0, "no drawable size"),
        (math.inf, 842.0, "no drawable size"),
        (14_400.0, 0.5, "too narrow to draw"),
    ],
)
def test_pages_no_image_can_show_are_refused(width: float, height: float, reason: str) -> None:
    with pytest.raises(UndrawablePage, match=reason):
        fitted_scale(width, height, 1.5, 16_000_000)
