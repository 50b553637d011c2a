"""A title the question dates that the collection holds only under another date (app.qa.profiles.dated_elsewhere)."""

from __future__ import annotations

import numpy as np

from app.qa.profiles import Profile, Profiles, dated_elsewhere


def _profiles(*docs: tuple[str, str, str]) -> Profiles:
    return Profiles(
        tuple(Profile(d, frozenset(w.split()), np.zeros(3, np.float32), frozenset(b.split())) for d, w, b in docs),
        {},
    )


CENSUS_2007 = ("a", "2007 census of government employment methodology", "response rate 88 5 percent march 12")
REPORT = ("b", "annual report acme corporation", "revenue 2012 2013 fiscal")


def test_a_title_held_only_under_another_year_is_named_missing() -> None:
    asked = "What overall response rate did the 2012 Census of Government Employment achieve?"
    assert dated_elsewhere(_profiles(CENSUS_2007, REPORT), asked) == "the 2012 Census of Government Employment"


def test_a_title_whose_document_says_the_year_anywhere_is_held() -> None:
    later = ("c", "census of government employment methodology", "the 2012 census was mailed in march")
    asked = "What overall response rate did the 2012 Census of Government Employment achieve?"
    assert dated_elsewhere(_profiles(CENSUS_2007, later), asked) is None


def test_a_year_before_one_name_or_a_title_no_document_says_is_left_to_other_checks() -> None:
    assert dated_elsewhere(_profiles(CENSUS_2007), "What did Acme earn in 2012 Acme's best year?") is None
    assert dated_elsewhere(_profiles(CENSUS_2007), "What did the 2012 Survey of Farm Incomes find?") is None
