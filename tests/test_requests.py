"""The op requests (``mnemon.engine.requests``): each op's schema is derived from its request type, and the CLI's
defaults are the requests' defaults, so each default is written once."""

from __future__ import annotations

import dataclasses

from mnemon_daemon.ops import OPS

from mnemon.engine.model import DEFAULT_CATEGORY
from mnemon.engine.requests import GcRequest, LinkRequest, LogRequest, RecallRequest, RememberRequest


def test_every_op_schema_is_derived_from_its_request_type() -> None:
    """The defaults live once, in the request dataclasses: the schema holds each field, in order, with its
    default, and a checked call becomes the request the op receives."""
    with_requests = 0
    for op in OPS.values():
        if op.request is None:
            assert op.args == ()
            continue
        with_requests += 1
        fields = dataclasses.fields(op.request)
        assert [a.name for a in op.args] == [f.name for f in fields], op.name
        for arg, f in zip(op.args, fields, strict=True):
            assert arg.required == (f.default is dataclasses.MISSING), (op.name, arg.name)
            if not arg.required:
                assert arg.default == f.default, (op.name, arg.name)
    assert with_requests >= 20
    remember = OPS["remember"]
    assert remember.request(**remember.validate({"content": "x"})) == RememberRequest("x")
    assert RememberRequest("x").category == DEFAULT_CATEGORY
    inject = {a.name: a for a in OPS["inject"].args}
    assert inject["cwd"].path and inject["transcript_path"].nullable and not inject["prompt"].nullable


def test_cli_defaults_are_the_request_defaults() -> None:
    from mnemon.cli import build_parser

    parser = build_parser()
    remember = parser.parse_args(["remember", "x"])
    assert (remember.category, remember.importance, remember.source, remember.scope) == (
        RememberRequest.category, RememberRequest.importance, RememberRequest.source, RememberRequest.scope)
    assert parser.parse_args(["recall", "q"]).limit == RecallRequest.limit
    assert parser.parse_args(["link", "a", "b", "--type", "causal"]).weight == LinkRequest.weight
    gc = parser.parse_args(["gc"])
    assert (gc.threshold, gc.limit) == (GcRequest.threshold, GcRequest.limit)
    assert parser.parse_args(["log"]).limit == LogRequest.limit
