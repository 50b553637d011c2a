"""How a table's rows read: its header rows, one name per column, the column of row labels, each data row's name
(a sub-label joined, a section heading above it)."""

from __future__ import annotations

from collections.abc import Sequence

from app.qa.tablelayout import (
    guess_header_rows,
    header_tail,
    is_number,
    join_headers,
    no_title,
    note_line,
    note_rows,
    numbering,
    prose_above_header,
    titled_header_rows,
    unhyphenated,
)
from app.qa.tables.abbreviations import caption_abbreviations, caption_initialisms, written_out
from app.qa.tables.bound_columns import limits_head_below, limits_header_end
from app.qa.tables.conditioned_rows import cell_text as _cell_text
from app.qa.tables.conditioned_rows import name_continued_rows
from app.qa.tables.header_blocks import titles_over_blocks
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import a_year, tokens
from app.settings_reading import TableReadingSettings

# Dot leaders after a row label ("Robbery . . . . .") are layout, not part of its name.


def without_dot_leader(text: str) -> str:
    """ "Total . . . . ." → "Total": the dots a printed table leads a label to its figures with (two or more)."""
    end = len(text)
    while end and (text[end - 1] == "." or text[end - 1].isspace()):
        end -= 1
    return text[:end] if text.count(".", end) >= 2 else text


def shape(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> Shape:
    rows = table.rows
    width = max((len(r) for r in rows), default=0)
    notes = (note_rows(rows) or limits_head_below(rows, table.header_rows or 1, limits.limits_head_reach)
             or prose_above_header(rows))  # fmt: skip
    if notes:
        # A headnote above the headers: the stored columns were read from it; read them again below it.
        nh = limits_header_end(rows, titled_header_rows(rows, notes) or notes + guess_header_rows(rows[notes:]))
        columns = join_headers(rows[notes:], nh - notes)
        columns += [""] * (width - len(columns))
    elif table.columns and table.header_rows is not None:
        nh = table.header_rows
        titles = {" ".join(r[c].split()) for r in rows[: max(0, nh - 1)] if no_title(r, width) != r
                  for c in range(1, len(r)) if r[c].strip()}  # fmt: skip
        columns = [" / ".join(p for p in c.split(" / ") if p not in titles) for c in table.columns]
        columns += [""] * (width - len(columns))
    else:
        stored = table.header_rows if table.columns else None
        nh = stored or limits_header_end(rows, guess_header_rows(rows))
        columns = list(table.columns) if table.columns else join_headers(rows, nh)
        columns += [""] * (width - len(columns))
    if numbering(rows[nh]) if nh < len(rows) else False:
        nh = header_tail(rows, nh)
    data = [rows[i] for i in range(nh, len(rows))]
    columns = [unhyphenated(c) for c in _split_headers_joined(_spread_shared_lines(columns), data, limits)]
    columns = titles_over_blocks(columns, rows[:nh])
    label_column = 0
    for c in range(min(width, limits.label_column_search)):
        cells = [r[c] for r in data if c < len(r) and r[c].strip()]
        if cells and sum(not is_number(x) for x in cells) > limits.label_column_text_share * len(cells):
            label_column = c
            break
    while (
        label_column + 1 < width
        and _codes(data, label_column, limits)
        and _text_share(data, label_column + 1)[1] > limits.label_column_text_share
    ):
        label_column += 1  # "J | ICT services": a column of codes keys the rows, the names beside it label them
    columns = _repeats_named_by_block(columns, label_column)
    levels = _label_levels(data, label_column, width, limits)
    if levels:
        label_column = levels[-1]
    defined = {**caption_initialisms(table.caption, columns), **caption_abbreviations(table.caption)}
    sh = Shape(nh, [written_out(c, defined) for c in columns], label_column)
    named = [set(tokens(c)) for k, c in enumerate(columns) if k != label_column and c.strip()]
    if len(named) >= limits.shared_words_min_columns:
        sh.shared = frozenset(set.intersection(*named))
    _name_rows(sh, rows, limits)
    if defined:  # a row may be named by a short form too ("PE" of "PE: price-earnings ratio")
        sh.names = {i: written_out(name, defined) for i, name in sh.names.items()}
        sh.primary = {i: written_out(name, defined) for i, name in sh.primary.items()}
    _ranked_groups(sh, rows)
    if levels:
        sh.groups = tuple(levels[:-1])
        _with_groups(sh, rows, levels[:-1])
    return sh


def _repeats_named_by_block(columns: list[str], label_column: int) -> list[str]:
    """Columns of one name ("Q4 FY24 | Q4 FY25 | Y-o-Y Growth | FY 2024 | FY 2025 | Y-o-Y Growth") each closing a
    block: each is named by what sets apart the column it follows ("Y-o-Y Growth / Q4 FY25" against "… / FY 2025"),
    when those columns are named once each and differ."""
    out = list(columns)
    for name in {c for c in columns if c.strip()}:
        at = [k for k, c in enumerate(columns) if c == name]
        before = [columns[k - 1] if k - 1 > label_column else "" for k in at]
        if len(at) < 2 or not all(before) or any(columns.count(b) > 1 for b in before):
            continue
        parts = [b.split(" / ") for b in before]
        shared = set.intersection(*map(set, parts))
        own = [" / ".join(p for p in ps if p not in shared) for ps in parts]
        if all(own) and len(set(own)) == len(own):
            for k, o in zip(at, own, strict=True):
                out[k] = f"{name} / {o}"
    return out


def _ranked_groups(sh: Shape, rows: list[list[str]]) -> None:
    """ "1 | Florida | …" then " | College Age | …": where a key column left of the labels (a rank, a number) is
    filled on some rows and empty on the rows below them, each filled row heads the empty ones, which are read as
    its parts ("Florida / College Age"), as rows under a section heading are."""
    data = [i for i in sh.data(rows) if sh.names.get(i)]
    if sh.label_column == 0 or not data or sh.groups:
        return
    keys = [_cell_text(rows[i], 0) for i in data]
    heads = sum(1 for k in keys if k)
    if not keys[0] or heads < 2 or heads == len(keys) or all(a_year(k) for k in keys if k):
        return  # years date the rows below them (`_with_keys`): a month is no part of the month above
    if not all(is_number(k) for k in keys if k):
        return  # "Mean speed (km/h)" spanning its rows groups them; none of them is a part of the first
    head = ""
    for i, key in zip(data, keys, strict=True):
        if key:
            head = _label_text(rows[i], sh.label_column) or sh.names[i]
        elif i not in sh.sections:
            own = sh.primary.get(i) or sh.names[i]
            sh.sections[i] = head
            sh.names[i] = f"{head} / {sh.names[i]}"
            sh.primary[i] = f"{head} / {own}"


def _codes(data: list[list[str]], c: int, limits: TableReadingSettings) -> bool:
    """Nearly every filled cell of column c a short code ("J", "NACE", "0x7E", "A1"), not a name ("Rent"): a row
    or two above the codes may be named instead ("Power Applied" over "0x40", "0x45" …)."""
    cells = [_cell_text(r, c) for r in data if _cell_text(r, c)]
    codes = [x for x in cells if _code(x, limits.code_max_length, limits.joined_code_max_length)]
    return bool(cells) and len(codes) >= limits.code_column_share * len(cells)


def _code(text: str, longest: int, joined_longest: int) -> bool:
    """One short word of capitals and figures, no lower-case word ("J", "NACE", "0x7E", "B12"), or a classification's
    code of figures joined by hyphens or points ("13-2011", "29-1141.01"); no number alone, no span of years."""
    lower_word = text.isalpha() and not text.isupper()
    if len(text) <= longest and text.isalnum() and not is_number(text) and not lower_word:
        return True
    parts = text.replace(".", "-").split("-")
    joined = len(parts) > 1 and all(p.isdigit() for p in parts)  # "PVE-003" is an identifier its row's title names
    return joined and len(text) <= joined_longest and not is_number(text) and not a_year(parts[0])


def _text_share(data: list[list[str]], c: int) -> tuple[float, float]:
    """(share of the rows that fill column c, share of its filled cells that are not numbers)."""
    cells = [r[c] for r in data if c < len(r) and r[c].strip()]
    return len(cells) / max(len(data), 1), sum(not is_number(x) for x in cells) / max(len(cells), 1)


def _label_levels(data: list[list[str]], first: int, width: int, limits: TableReadingSettings) -> list[int]:
    """The columns of a hierarchy of row labels, ending with the one that labels the rows: a run of text columns from
    `first` whose first is sparse (a group's label on its first row only). Empty for one column of labels."""
    filled = {first: _text_share(data, first)[0]}
    while (c := max(filled) + 1) < width - 1 and (share := _text_share(data, c))[1] > limits.label_column_text_share:
        filled[c] = share[0]
    if len(filled) < limits.label_levels_min or filled[first] >= limits.label_fill_share:
        return []
    fullest = max(filled, key=lambda c: (filled[c], c))
    return list(range(first, fullest + 1)) if filled[fullest] >= limits.label_fill_share else []


def _with_groups(sh: Shape, rows: list[list[str]], groups: list[int]) -> None:
    """Each row's name led by the group labels above it, each filled down until the next one (a new group resets the
    ones below it): "MSCOCO / Adversarial / LLaVA1.5 / Regular"."""
    held = ["" for _ in groups]
    for i in sh.data(rows):
        for k, c in enumerate(groups):
            if _cell_text(rows[i], c):
                held[k] = _cell_text(rows[i], c)
                held[k + 1 :] = ["" for _ in groups[k + 1 :]]
        if sh.names.get(i):
            sh.names[i] = sh.primary[i] = " / ".join([*(g for g in held if g), sh.names[i]])


def _label_text(row: list[str], c: int) -> str:
    return without_dot_leader(_cell_text(row, c))


def _told_apart(labels: list[str], beside: list[str], has_values_after: bool) -> bool:
    """Labels that repeat ("Fine-tuned" twice), each row told apart by the words in the next column ("LightGBM",
    "Ensemble Method"): that column is a sub-label, whatever its share of repeats."""
    said = [label for label in labels if label]
    return (
        has_values_after
        and len(set(said)) < len(said)
        and all(c and not is_number(c) for c in beside)
        and len(set(zip(labels, beside, strict=True))) == len(labels)
    )


def _name_rows(sh: Shape, rows: list[list[str]], limits: TableReadingSettings) -> None:
    """Each data row's name. A text column right of the labels whose values repeat ("Count", "Percentage") is a
    sub-label: its rows are named "<label above> / <sub-label>", the label filled down over the empty cells."""
    data = sh.data(rows)
    sub = sh.label_column + 1
    cells = [_cell_text(rows[i], sub) for i in data]
    filled = [c for c in cells if c]
    has_sub = (
        len(filled) >= limits.sub_label_min_rows
        and sum(not is_number(c) for c in filled) >= limits.sub_label_text_share * len(filled)
        and len(set(filled)) <= limits.sub_label_repeat_share * len(filled)
        # A sub-label sits under a label filled down ("Back pain" over "Count", then "" over "Percentage"); a text
        # column beside labels that are all written out ("Rewe" | "Germany") is data, not a sub-label.
        and any(c and not _label_text(rows[i], sh.label_column) for i, c in zip(data, cells, strict=True))
    ) or _told_apart([_label_text(rows[i], sh.label_column) for i in data], cells, sub < len(sh.columns) - 1)

    if has_sub:
        sh.sub_label = sub  # named with the row ("Causal Graphs / U"): a label, not a value to read
    last = ""
    section = ""
    wrapped = ""
    headed = False  # the row before was a section's heading: one right under it heads a section within it
    width = range(len(sh.columns))
    heads = range(min(sh.header_rows, len(rows)))  # a table cut short may say more header rows than it holds
    headers = [[_cell_text(rows[h], k) for k in width if k != sh.label_column] for h in heads]
    titles = {_label_text(rows[h], sh.label_column) for h in heads}
    for i in data:
        label = _label_text(rows[i], sh.label_column)
        others = [c for k, c in enumerate(rows[i]) if k != sh.label_column and c.strip()]
        if others and [_cell_text(rows[i], k) for k in width if k != sh.label_column] in headers:
            sh.primary[i] = sh.names[i] = ""  # a header row repeated inside the table, not a row of data
            if label not in titles:
                # Under its own title ("Key Accounting Ratios | FY2015 | FY2016"): a block of the table, a section.
                section, last, headed = label, "", True
            continue
        if label and not others and i != data[-1]:
            sh.primary[i] = sh.names[i] = ""
            following = _label_text(rows[i + 1], sh.label_column) if i + 1 < len(rows) else ""
            if following[:1].islower():
                # A label wrapped onto the next row ("Murder and nonnegligent" / "manslaughter …"): one name.
                wrapped = label
                continue
            # A row holding only a label ("Best practice scenario") heads the rows below it: a section. A sentence
            # ("See notes at end of table.") is a note, heading nothing.
            # An aside in parentheses ("(all amounts in EUR)") says the unit: it heads nothing either.
            if not note_line(label, 4) and not (label.startswith("(") and label.endswith(")")):
                # "Operating income" then "Parks & Experiences" before any figure: the second heads its rows within
                # the first ("Operating income / Parks & Experiences / Domestic", not revenue's "Domestic").
                section, last = (f"{section} / {label}" if headed and section else label), ""
                headed = True
            continue
        headed = False
        if wrapped and label:
            label, wrapped = f"{wrapped} {label}", ""
        if section and label:
            label = f"{section} / {label}"
        if section:
            sh.sections[i] = section
        if has_sub:
            subl = _cell_text(rows[i], sub)
            if label:
                last = label
            primary = label or last
            sh.primary[i] = primary
            sh.names[i] = f"{primary} / {subl}" if primary and subl else primary or subl
        else:
            sh.primary[i] = sh.names[i] = label
    if not has_sub:
        name_continued_rows(sh, rows, data, {i: _label_text(rows[i], sh.label_column) for i in data})
    _with_keys(sh, rows, data, limits)


def _with_keys(sh: Shape, rows: list[list[str]], data: list[int], limits: TableReadingSettings) -> None:
    """Numbers left of the labels that are no running count ("K-fold" 3, 5, 10; a year; a size) tell rows of the
    same label apart ("5-fold … ANN" against "10-fold … ANN"): they lead the row's name, and name a row whose label
    is empty ("2019 | | 367,020"). A year dates the rows below it until the next ("2020 | January", "| February");
    a rank does not ("2 | Texas", "| Other")."""
    keys = [k for k in range(sh.label_column) if not serial([_cell_text(rows[i], k) for i in data], limits)]
    held = dict.fromkeys(keys, "")
    for i in data:
        for k in keys:
            cell = _cell_text(rows[i], k)
            if is_number(cell):
                held[k] = cell
            elif cell or not a_year(held[k]):
                held[k] = ""
        lead = [held[k] for k in keys if held[k]]
        if not lead or i not in sh.names:
            continue
        if sh.names[i]:
            sh.names[i] = " / ".join([*lead, sh.names[i]])
            sh.primary[i] = " / ".join([*lead, sh.primary[i]])
        elif any(is_number(c) for k, c in enumerate(rows[i]) if k > sh.label_column):
            sh.names[i] = sh.primary[i] = " / ".join(lead)


def serial(cells: Sequence[str], limits: TableReadingSettings = TableReadingSettings()) -> bool:
    """A running number ("No.", "Serial": 1, 2, 3, …): it numbers the rows and measures nothing, so it is never
    the column a question asks about unnamed ("What must the service manuals set out?" had been answered "24", the
    row's item number)."""
    # Notes set in the column's cells below the table ("(4) Operation and service manuals are to ...") are skipped.
    numbers = [x for x in (cell.strip().rstrip(".") for cell in cells) if x.isdigit()]
    if len(numbers) < limits.serial_min_numbers or all(a_year(x) for x in numbers):
        return False  # years one after another date the rows, they do not number them
    steps = [int(b) - int(a) for a, b in zip(numbers, numbers[1:], strict=False)]
    return sum(step == 1 for step in steps) >= limits.serial_step_share * len(steps)


def _split_headers_joined(columns: list[str], data: Sequence[Sequence[str]], limits: TableReadingSettings) -> list[str]:
    """A header cut in two over two columns ("as at: March 31," over an empty column, "2026" over the figures): the
    empty column's name opens the next column's short one ("as at: March 31, 2026") and the empty column names
    nothing; a short name over an empty column right of the figures ends theirs ("Spearman" + "r")."""
    out = list(columns)
    for k in range(len(out) - 1):
        empty = not any(k < len(r) and r[k].strip() for r in data)
        following = out[k + 1].strip()
        held = any(k + 1 < len(r) and r[k + 1].strip() for r in data)
        short = 0 < len(following.split()) <= limits.split_header_max_words and " / " not in following
        if following and out[k].strip() == following:
            # one header spanning two columns, read into each ("Power | Power" over "High | "): the empty one's copy
            # names nothing, no name is doubled
            if empty == held:  # one of the two holds figures
                out[k if empty else k + 1] = ""
            continue
        if empty and out[k].strip() and held and short:
            out[k + 1], out[k] = f"{out[k].strip()} {following}", ""
        # … or the other way round: "Spearman" over the figures, "r" over an empty column (a name set in two cells).
        after_empty = not any(k + 1 < len(r) and r[k + 1].strip() for r in data)
        own = any(k < len(r) and r[k].strip() for r in data)
        if after_empty and own and short and out[k].strip() and " / " not in out[k]:
            out[k], out[k + 1] = f"{out[k].strip()} {following}", ""
    return out


def _spread_shared_lines(columns: list[str]) -> list[str]:
    """A header line written across k columns but read into each of them whole ("December 28, December 30," over
    "2024 | 2023"): when it falls into k pieces of one shape, each holding a number, the i-th column keeps the i-th
    piece."""
    out = list(columns)
    k = 0
    while k < len(out):
        parts = out[k].split(" / ")
        for part in parts:
            if k and part in out[k - 1].split(" / "):
                continue  # the line began further left: cut it there or not at all
            run = k
            while run + 1 < len(out) and part in out[run + 1].split(" / "):
                run += 1
            pieces = _pieces(part, run - k + 1)
            if pieces:
                for offset, piece in enumerate(pieces):
                    out[k + offset] = " / ".join(piece if p == part else p for p in out[k + offset].split(" / "))
                break
        k += 1
    return out


def _pieces(line: str, count: int) -> list[str]:
    """`line` cut into `count` runs of words of one shape (words, numbers), each holding a number; [] if it does not
    cut so."""
    words = line.split()
    if count < 2 or not words or len(words) % count:
        return []
    size = len(words) // count
    runs = [words[i : i + size] for i in range(0, len(words), size)]
    shapes = {tuple(any(ch.isdigit() for ch in w) for w in run) for run in runs}
    if len(shapes) != 1 or not any(next(iter(shapes))):
        return []
    return [" ".join(run) for run in runs]
