"""What ends a row label without naming it: a country code after a dash, a data sheet's symbol run into the
parameter's name."""

from __future__ import annotations

from string import ascii_uppercase


def without_code(label: str) -> str:
    """ "Florida-USA" → "Florida": a country code of two to four capitals after a dash ends the name."""
    said, newline = (label[:-1], "\n") if label.endswith("\n") else (label, "")
    code = len(said) - len(said.rstrip(ascii_uppercase))
    before = said[: len(said) - code].rstrip()
    if not 1 < code < 5 or not before.endswith(("-", "–")):
        return label
    name = before[:-1].rstrip()
    return name + newline if name[-1:].isalnum() or name[-1:] == "_" else label


SYMBOL_HEADER = "symbol"  # a label column headed "Parameter Symbol Conditions" holds a symbol in each name
SYMBOL_MIN_NAME_WORDS = 2  # "Power-Fail Voltage VPF": the words a parameter is named by before its symbol


def without_symbol(label: str, symbols: bool = False) -> str:
    """ "Output Frequency fOUT" → "Output Frequency": a data sheet's symbol column run into the parameter's name ends
    it: one last word of capitals with subscript letters or digits ("fOUT", "VIH", "ICC2"), or, where the label
    column's header says it holds `symbols`, of capitals alone ("Power-Fail Voltage VPF"; elsewhere "Net sales USA"
    names a row of its own)."""
    words = label.split()
    last = words[-1] if words else ""
    subscripted = not last.isalpha() or not last.isupper()  # "ICC2", "fOUT": a digit or a lower-case letter
    capitals, digits = sum(ch.isupper() for ch in last), sum(ch.isdigit() for ch in last)
    symbol = last.isalnum() and capitals >= 2 and digits <= 1 and (subscripted or symbols)
    return " ".join(words[:-1]) if symbol and len(words) > SYMBOL_MIN_NAME_WORDS else label
