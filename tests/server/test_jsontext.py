"""The server's JSON text (``gamehall.jsontext``): orjson's speed, ``json``'s meaning."""

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.jsontext import dumps, loads

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


@given(VALUES)
def test_text_is_read_back_as_json_reads_it(value: Any) -> None:
    text = dumps(value)
    assert loads(text) == json.loads(text) == value


@given(st.text(max_size=40) | st.text('{}[]":,0123456789.-+eE truefalsnNaIiy\\u', max_size=40))
def test_any_text_is_read_or_refused_as_json_does(text: str) -> None:
    try:
        expected = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            loads(text)
        return
    got = loads(text)
    assert got == expected or (isinstance(got, float) and math.isnan(got))


@pytest.mark.parametrize("text", ['{"n": 18446744073709551616}', "[NaN]", '{"a": -Infinity}'])
def test_what_orjson_does_not_read_is_read_by_json(text: str) -> None:
    assert repr(loads(text)) == repr(json.loads(text))
