"""Rows of a data sheet's table that continue the labelled row above them, each told apart by the condition it
is measured under ("Tj = 25 °C", "Internal osc. ON (2MHz)")."""

from __future__ import annotations

from app.qa.tablelayout import is_number
from app.qa.tables.model import Shape

MAX_CONDITION_WORDS = 3  # "FS_SEL=1", "VDD = 3.3V": a condition; more words are a wrapped sentence


def cell_text(row: list[str], c: int) -> str:
    return " ".join(row[c].split()) if c < len(row) else ""


def name_continued_rows(sh: Shape, rows: list[list[str]], data: list[int], labels: dict[int, str]) -> None:
    """Rows of figures under a label with their own label cell empty continue the label above: a data sheet's
    "Sensitivity Scale Factor | FS_SEL=0 | 131" then " | FS_SEL=1 | 65.5". Unnamed, they could never be read. When
    every row of the run says a short condition in one column of words right of the label, each is named
    "<label> / <condition>". Without one the rows stay unnamed: words wrapped from the row above ("first READY
    assertion in cycle mode" under "Cycle mode") are no condition, and such rows hold the label's wrapped lines.
    Nor when the words are spread over several columns, unless they name every row apart (`_keyed`)."""
    runs: list[list[int]] = []
    run: list[int] = []
    for i in data:
        label = labels[i]
        holds = any(c.strip() for k, c in enumerate(rows[i]) if k != sh.label_column)
        if not label and holds and run and run[-1] == i - 1:
            run.append(i)
            continue
        runs.append(run)
        # A section heading or a note between ends the run: what follows continues nothing above it.
        run = [i] if label and sh.names.get(i) else []
    runs.append(run)
    for run in (r for r in runs if len(r) > 1):
        label = sh.names[run[0]]
        beside = next((k for k in range(sh.label_column + 1, len(sh.columns)) if _conditions(rows, run, k)), None)
        if beside is None:
            for i, name in zip(run, _keyed(rows, run, sh.label_column), strict=False):
                sh.primary[i], sh.names[i] = label, f"{label} / {name}"
            continue
        for i in run:
            sh.primary[i] = label
            sh.names[i] = f"{label} / {cell_text(rows[i], beside)}"


def _keyed(rows: list[list[str]], run: list[int], label: int) -> list[str]:
    """A data sheet's rows told apart by the columns of words between the label and the figures: "RDS(ON) | High-side
    switch ON resistance | Tj = 25 °C" then " | | Tj = 125 °C", then " | Low-side switch … | Tj = 25 °C": each row's
    name is its parameter filled down and its own condition, which every row says, short; [] unless that names
    every row of the run apart."""
    figures = next((k for k in range(label + 1, max(map(len, (rows[i] for i in run)))) if any(
        is_number(cell_text(rows[i], k)) for i in run)), None)  # fmt: skip
    # A column of placeholders ("-" under Min) keys nothing.
    keys = [k for k in range(label + 1, figures or label + 1) if any(
        any(ch.isalpha() for ch in cell_text(rows[i], k)) for i in run)]  # fmt: skip
    if not keys or not all(_short(cell_text(rows[i], keys[-1])) for i in run):
        return []
    names, above = [], dict.fromkeys(keys, "")
    for i in run:
        above.update({k: cell_text(rows[i], k) for k in keys if cell_text(rows[i], k)})
        names.append(" / ".join(above[k] for k in keys if above[k]))
    return names if len(set(names)) == len(names) else []


def _short(condition: str) -> bool:
    """A condition of a few words ("Tj = 125 °C", "FS_SEL=1", "Internal osc. ON (2MHz)": an aside in parentheses
    qualifies the words before it and adds none), not a figure nor a wrapped sentence."""
    words = [w for w in _outside_asides(condition).split() if any(c.isalnum() for c in w)]
    return 0 < len(words) <= MAX_CONDITION_WORDS and not is_number(condition)


def _outside_asides(text: str) -> str:
    """The text without its asides in parentheses."""
    kept, depth = [], 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif depth == 0:
            kept.append(ch)
    return "".join(kept)


def _conditions(rows: list[list[str]], run: list[int], c: int) -> bool:
    """Column c says, on every row of the run, a different condition in words (not a figure): a short one, or one
    of any length when every row measures a figure of its own right of it ("Flash in operating mode, HSI clock
    after wakeup | 62" then "Flash in powerdown mode, HSI clock after wakeup | 6.5"), which a line wrapped from
    the row above does not."""
    said = [cell_text(rows[i], c) for i in run]
    if not all(x and not is_number(x) for x in said) or len(set(said)) < len(said):
        return False
    measured = all(any(is_number(cell_text(rows[i], k)) for k in range(c + 1, len(rows[i]))) for i in run)
    return measured or all(len(_outside_asides(x).split()) <= MAX_CONDITION_WORDS for x in said)
