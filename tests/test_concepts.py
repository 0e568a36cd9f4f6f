"""Developers' synonyms: query expansion and subject comparison."""

from __future__ import annotations

from mnemon.engine import concepts, text


def test_expansion_reaches_group_mates_but_not_the_query_itself() -> None:
    exp = concepts.expand(text.query_tokens("ship the report to production"))
    assert "deploy" in exp.words and "prod" in exp.words
    assert not {"ship", "production", "report"} & set(exp.words)
    assert text.tokens("deploy")[0] in exp.mates[text.tokens("ship")[0]]


def test_words_outside_every_group_expand_to_nothing() -> None:
    assert concepts.expand(text.query_tokens("rotate the kestrel sprockets")).words == ()


def test_canonical_makes_one_subject_in_other_words_compare_equal() -> None:
    a = concepts.canonical(text.tokens("the staging database"))
    b = concepts.canonical(text.tokens("staging postgres"))
    assert a == b


def test_groups_hold_no_duplicate_words_and_only_lower_case() -> None:
    for group in concepts.GROUPS:
        assert len(set(group)) == len(group), group
        assert all(w == w.lower() for w in group), group
