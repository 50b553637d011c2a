"""Thresholds of the two readers, kept apart from app/settings.py so that each reader's numbers read in one place.

Nested under `Settings.answer`: MDQA_ANSWER__TABLES__<NAME> and MDQA_ANSWER__CONTENT__<NAME>.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TableReadingSettings(BaseModel):
    """How tables are found and read for an answer: matching rows, columns, captions and labels."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # Names in the question (app/qa/tables/matching.py)
    spelling_variant_ratio: int = Field(
        85, ge=50, le=100,
        description="a question word counts as a spelling variant of a row or column word ('outlet'/'outlets') from "
        "this rapidfuzz ratio on",
    )
    spelling_variant_weight: float = Field(
        0.8, ge=0.0, le=1.0, description="… and counts this much of a word said exactly"
    )
    spelling_variant_min_letters: int = Field(
        4, ge=1, le=20, description="… only for words of at least this many letters (shorter words must match exactly)"
    )
    headless_column_min_fill: float = Field(
        0.3, ge=0.0, le=1.0,
        description="a column with no name is a column of values only when at least this share of the rows fill it",
    )
    code_max_length: int = Field(
        4, ge=1, le=12, description="a column of codes keying the rows ('J', 'NACE', '0x7E') holds words this short"
    )
    joined_code_max_length: int = Field(
        12, ge=1, le=40, description="… or, of parts joined by hyphens or points ('13-2011', '29-1141.01'), this short"
    )
    limits_head_reach: int = Field(
        8, ge=1, le=30,
        description="a data sheet's row of limit heads (Min, Typ, Max) this near the top, below lines of conditions, "
        "heads the table: the lines above it are a headnote",
    )
    code_column_share: float = Field(
        0.8, ge=0.5, le=1.0, description="… in at least this share of its filled cells (the rest may be names)"
    )
    row_pick_coverage: float = Field(
        0.5, ge=0.0, le=1.0,
        description="a row is picked when the question names at least this share of its label's words (or names it "
        "whole)",
    )
    row_whole_label_bonus: float = Field(
        1.0, ge=0.0, le=10.0,
        description="a row label written out whole in the question ranks this much above one that shares a word",
    )
    row_margin: float = Field(
        1.0, ge=0.0, le=10.0,
        description="a cell's value is a short answer only when its row outscores every row holding another value "
        "by this many named words",
    )
    exact_row_min_words: float = Field(
        2.0, ge=0.0, le=20.0,
        description="a row whose label is named whole by at least this many words counts as named exactly",
    )
    numeric_column_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="a column holds measures when more than this share of its filled cells are numbers",
    )
    serial_min_numbers: int = Field(
        3, ge=2, le=100, description="a column of at least this many whole numbers may be a running number ('No.') …"
    )
    serial_step_share: float = Field(
        0.8, ge=0.0, le=1.0,
        description="… and is one (never the column asked about) when this share of its steps between rows are +1",
    )
    # How a table's rows read (app/qa/tables/shape.py, model.py)
    label_column_search: int = Field(
        3, ge=1, le=20, description="the row labels are looked for in this many leftmost columns"
    )
    label_column_text_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="… and are the first of them where more than this share of the filled cells are not numbers",
    )
    label_levels_min: int = Field(
        3, ge=2, le=20,
        description="a run of at least this many text columns leading the rows is a hierarchy of row labels "
        "('Dataset', 'Setting', 'Model', 'Decoding'): the rows are labelled by the fullest of them …",
    )
    label_fill_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="… when the first is filled in fewer than this share of the rows; the sparser ones above it "
        "are group labels, filled down into the rows' names",
    )
    shared_words_min_columns: int = Field(
        3, ge=2, le=100,
        description="words in every column's header (a title carried over all of them) name no column, when the "
        "table has at least this many named columns",
    )
    sub_label_min_rows: int = Field(
        4, ge=1, le=100,
        description="a text column beside the row labels is a sub-label ('Count', 'Percentage') when at least this "
        "many rows fill it …",
    )
    sub_label_text_share: float = Field(
        0.75, ge=0.0, le=1.0, description="… at least this share of them with words, not numbers …"
    )
    sub_label_repeat_share: float = Field(
        0.5, ge=0.0, le=1.0, description="… and it has at most this share of distinct values (they repeat)"
    )
    continuation_column_agreement: float = Field(
        0.5, ge=0.0, le=1.0,
        description="a table on the next page continues a table when at least this share of their column headers "
        "agree",
    )
    # What a table answer shows (app/qa/tables/render.py, cell_lookup.py, aggregate.py)
    max_markdown_rows: int = Field(200, ge=1, description="rows of a whole table shown in an answer")
    max_summary_names: int = Field(
        6, ge=1, le=100, description="columns and rows named in the sentence saying what a table compares"
    )
    max_excerpt_cells: int = Field(
        12, ge=1, le=1000, description="cells shown when a row is quoted because its cell was not named surely"
    )
    max_not_found_names: int = Field(
        12, ge=1, le=1000, description="columns and rows listed when the question's cell is not in the named table"
    )
    max_tied_rows_listed: int = Field(
        6, ge=1, le=1000, description="rows listed when several rows match the question equally"
    )
    max_rows_listed: int = Field(
        30, ge=1, le=10000, description="rows listed by a count or an 'above/below a value' answer"
    )
    table_name_chars: int = Field(
        80, ge=10, le=1000, description="a table without a label is cited by its caption's first line, cut to this"
    )
    table_label_chars: int = Field(
        120, ge=10, le=1000, description="a table's evidence label (caption or label) is cut to this many characters"
    )
    # Subtotal rows (app/qa/tables/column_figures.py, aggregate.py)
    subtotal_min_run: int = Field(
        3, ge=2, le=100,
        description="a row is a subtotal (never the highest member, never counted twice) when its value is the sum "
        "of at least this many rows right below or above it …",
    )
    subtotal_max_span: int = Field(80, ge=2, le=10000, description="… out of at most this many rows …")
    subtotal_tolerance: float = Field(
        0.005, ge=0.0, le=0.5, description="… within this share of the total (printed figures are rounded) …"
    )
    subtotal_confirm_columns: int = Field(
        2, ge=0, le=20, description="… and adds up the same in the first of this many other numeric columns"
    )
    # Which table answers a content question (app/qa/tables/content.py, question_fit.py, stored.py)
    content_table_pages: int = Field(
        5, ge=0, le=100,
        description="a content question also reads the tables on the pages of this many first retrieved units",
    )
    content_table_documents: int = Field(
        1, ge=0, le=100,
        description="… and, when none of those answers, every table of the documents of this many first retrieved "
        "units (a table whose caption and page text say nothing the question says is found by its row)",
    )
    max_content_tables: int = Field(
        60, ge=1, le=10000, description="tables read for one content question, at most"
    )
    caption_tables: int = Field(
        3, ge=0, le=100,
        description="tables of the collection read because their caption names the question, at most …",
    )
    caption_min_shared: int = Field(
        3, ge=1, le=100, description="… whose caption holds at least this many of the question's words …"
    )
    caption_min_share: float = Field(
        0.5, ge=0.0, le=1.0, description="… and at least this share of them"
    )
    caption_title_min_words: int = Field(
        2, ge=1, le=100,
        description="… or whose caption's title (its first sentence) has at least this many words, all said",
    )
    split_header_max_words: int = Field(
        2, ge=1, le=10,
        description="a header of at most this many words over figures, beside an empty column with a header of its "
        "own, is the end of that header cut in two ('March 31,' | '2026')",
    )
    shown_min_words: int = Field(
        2, ge=1, le=100,
        description="'what does the <words> table show?' without a label: the table whose caption and headers hold at "
        "least this many of the question's words …",
    )
    shown_margin: int = Field(1, ge=0, le=100, description="… and this many more than any other table's")
    caption_named_min_words: int = Field(
        3, ge=1, le=100,
        description="a table's description (caption, row-label header) is named whole when it has at least this "
        "many words …",
    )
    caption_named_share: float = Field(
        0.75, ge=0.0, le=1.0, description="… and the question says at least this share of them"
    )
    caption_surety_weight: float = Field(
        0.5, ge=0.0, le=10.0,
        description="each caption word the question says (beside the row and column) makes a table's answer this "
        "much surer …",
    )
    caption_surety_hits: int = Field(2, ge=0, le=100, description="… for at most this many words")
    caption_named_surety: float = Field(
        0.5, ge=0.0, le=10.0, description="a table whose description the question names whole is this much surer"
    )
    key_header_weight: float = Field(
        0.5, ge=0.0, le=10.0,
        description="each word of the headers of the columns that key a table's rows ('Season') that a highest/lowest "
        "question says ('which season …') makes its aggregate this much surer",
    )
    aggregate_sure_floor: float = Field(
        2.5, ge=0.0, le=100.0,
        description="an aggregate of a table no question named answers first from this surety on",
    )
    aggregate_unexplained_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="… and only while the table's caption, headers and row labels, its page and its document's "
        "cover account for all but this share of the question's words (its operation and numbers aside)",
    )
    cell_sure_floor: float = Field(
        4.0, ge=0.0, le=100.0,
        description="a cell of a table no question named answers first from this surety on (its row named exactly)",
    )
    caption_rank_weight: float = Field(
        0.5, ge=0.0, le=10.0,
        description="between tables answering, each caption word the question says ranks a table this much higher",
    )
    superlative_aggregate_bonus: float = Field(
        10.0, ge=0.0, le=1000.0,
        description="a question with 'highest'/'lowest' ranks a table's aggregate this much above any cell",
    )
    table_margin: float = Field(
        0.5, ge=0.0, le=100.0,
        description="a table's answer keeps its short answer only when it leads every other table's differing answer "
        "by this much; a later part of a continued table read alone ranks this much lower",
    )
    leftover_weight: float = Field(
        1.0, ge=0.0, le=100.0,
        description="each question word that a cell's row, column and table leave unexplained lowers its rank this "
        "much",
    )
    name_min_letters: int = Field(
        3, ge=1, le=20,
        description="capitalised question words ('Kerala') of at least this many letters must be held by the table "
        "that answers …",
    )
    names_elsewhere_factor: float = Field(
        2.0, ge=0.0, le=100.0,
        description="… unless the row and column read are named by this many times as many of them as the table "
        "lacks",
    )
    heading_gap: float = Field(
        72.0, ge=0.0, le=1000.0,
        description="text at most this far (points) above a table without a caption is its heading …",
    )
    heading_max_words: int = Field(40, ge=1, le=1000, description="… when it has at most this many words …")
    heading_overlap: float = Field(
        2.0, ge=0.0, le=100.0, description="… and ends at most this far (points) below the table's top"
    )
    split_edge_tolerance: float = Field(
        1.0, ge=0.0, le=100.0,
        description="an unlabelled table whose left and right edges are within this many points of the labelled "
        "table just below it, with as many columns, is that table's upper part (a rule across it split it) …",
    )
    title_max_lines: int = Field(
        4, ge=0, le=50,
        description="a caption that is only a table's label ('Exhibit 6') is read with at most this many lines of "
        "title under the label on its page",
    )
    split_max_gap_rows: float = Field(
        1.5, ge=0.0, le=100.0,
        description="… when it ends at most this many of the lower table's row heights above it",
    )
    borrowed_header_edge_share: float = Field(
        0.05, ge=0.0, le=1.0,
        description="a table with no header row reads its columns by the header of the table above it on its page, "
        "with as many columns, when their left and right edges are within this share of its width",
    )
    # Named pages and tables (app/qa/named/)
    max_pages: int = Field(12, ge=1, le=1000, description="pages given for a question naming pages, at most")
    max_tables: int = Field(12, ge=1, le=1000, description="tables given for a question naming tables, at most")
    caption_page_lines: int = Field(
        40, ge=1, le=1000, description="a table read from its page's text (no table was extracted): lines, at most …"
    )
    caption_line_words: int = Field(
        14, ge=1, le=1000, description="… each of at most this many words and no sentence (not ending in a full stop)"
    )
    documents_per_named_table: int = Field(
        20, ge=1, le=1000,
        description="a table named in no particular document is looked for in this many documents per table given",
    )
    overview_passages: int = Field(
        3, ge=1, le=100, description="opening passages shown for a question about a document as a whole …"
    )
    overview_min_words: int = Field(
        12, ge=0, le=1000, description="… each of at least this many words (a title line alone says nothing)"
    )


class ContentReadingSettings(BaseModel):
    """How passages are read for an answer: question classes, decomposition, sentence and span choice, confidence."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # Question classes and document names (app/qa/classify/)
    part_words: int = Field(
        4, ge=1, le=20, description="a part of a document's name a question may say is a run of at most this many words"
    )
    shared_part: int = Field(
        3, ge=1, le=100,
        description="… carried by at most this many documents' names (a part more documents share names none)",
    )
    min_part_word: int = Field(
        4, ge=1, le=20, description="a one-word part of a name has at least this many letters ('eu', 'tax' don't)"
    )
    # Questions that are really several (app/qa/decompose/)
    min_part_words: int = Field(
        3, ge=1, le=20, description="each part of a question split in two has at least this many words"
    )
    # Sentences as candidates (app/qa/extractive_reader/)
    max_sentences: int = Field(
        800, ge=1, le=100000, description="candidate sentences scored by the cheap signals per question, at most"
    )
    max_embedded: int = Field(
        16, ge=0, le=10000, description="the best this many candidates by the cheap signals are embedded …"
    )
    max_embedded_per_item: int = Field(
        4, ge=1, le=10000, description="… at most this many from one item while other items have candidates left"
    )
    max_sentence_chars: int = Field(
        400, ge=20, le=100000, description="a candidate sentence is at most this many characters (longer: in pieces)"
    )
    weight_embedding: float = Field(
        0.5, ge=0.0, le=10.0, description="a sentence's score: this much of its cosine with the question …"
    )
    weight_overlap: float = Field(
        0.3, ge=0.0, le=10.0, description="… this much of the share of the question's content words it holds …"
    )
    weight_type: float = Field(
        0.2, ge=0.0, le=10.0, description="… this much of whether it holds the type of answer asked for …"
    )
    weight_order: float = Field(
        0.05, ge=0.0, le=10.0, description="… and this much for coming early in the evidence (seeds before far hops)"
    )
    max_chosen: int = Field(
        3, ge=1, le=100, description="sentences an answer leads with (hand-set ranking), at most"
    )
    second_sentence_ratio: float = Field(
        0.85, ge=0.0, le=1.0, description="a runner-up sentence is shown when it scores this share of the best one …"
    )
    same_item_ratio: float = Field(
        0.95, ge=0.0, le=1.0, description="… and a runner-up from an item already shown when it scores this share"
    )
    # Which sentences the reader shows (app/qa/reader/)
    rerank_top: int = Field(
        8, ge=0, le=1000, description="the best this many sentences are tagged for a span of the type asked for …"
    )
    weight_type_fit: float = Field(
        0.12, ge=0.0, le=10.0, description="… and one holding such a span gains this much (twice in a unit asked) …"
    )
    weight_span_fit: float = Field(
        0.4, ge=0.0, le=10.0, description="… plus this much of how well the span fits the question"
    )
    reference_share: float = Field(
        0.5, ge=0.0, le=1.0, description="an entry of a reference list is scored this share of its score"
    )
    continuation_share: float = Field(
        0.75, ge=0.0, le=1.0,
        description="a sentence continuing a shown one (and holding the type asked for) scores at least this share of "
        "it",
    )
    completed: int = Field(
        2, ge=0, le=100, description="of the shown sentences, the best this many may be followed by their next sentence"
    )
    max_bold_distance: int = Field(
        4, ge=0, le=100, description="a short answer is bold only when a question word stands within this many words"
    )
    heading_max_words: int = Field(
        15, ge=0, le=1000, description="a line of at most this many words not ending as a sentence is a heading …"
    )
    caps_heading_max_words: int = Field(
        20, ge=0, le=1000, description="… and so is one in capitals of at most this many words …"
    )
    caps_heading_min_letters: int = Field(
        12, ge=0, le=1000, description="… and at least this many letters"
    )
