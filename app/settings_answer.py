"""The answer layer's thresholds (`Settings.answer`, MDQA_ANSWER__*), in their own module beside the reading groups
they hold (app/settings_reading.py); app/settings.py re-exports the group."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from app.settings_reading import ContentReadingSettings, TableReadingSettings


class PartValueSettings(BaseModel):
    """How the two parts of an arithmetic or a comparison read their values from one set of sentences
    (app.qa.read.part_values). Nested under `Settings.answer`: MDQA_ANSWER__PART_VALUES__<NAME>."""

    model_config = ConfigDict(extra="forbid")
    in_clause: float = Field(
        2.0, ge=0.0, le=10.0,
        description="a value whose clause holds words of one part's label that the other's does not belongs to that "
        "part by this much (and is held against the other part as much)",
    )
    focus: float = Field(
        0.5, ge=0.0, le=10.0,
        description="… and to both parts this much times the shares of the part's other words and of its own words "
        "its clause holds",
    )
    nearest: float = Field(0.5, ge=0.0, le=10.0, description="… plus this much over one more than the words between "
                           "the value and the nearest of the part's own words in its clause")  # fmt: skip
    same_sentence: float = Field(
        0.5, ge=0.0, le=10.0, description="… plus this much when the two values stand in one sentence"
    )
    min_told_apart: float = Field(
        1.5, ge=0.0, le=20.0, description="… and one of the two values scores at least this for its part"
    )


class AnswerSettings(BaseModel):
    """How answers are read and composed: every threshold of the answer layer belongs here."""

    model_config = ConfigDict(extra="forbid")
    concept_list_floor: float = Field(
        0.25, ge=-1.0, le=1.0,
        description="'which documents <do something>': a document is listed when its closest passage or table is at "
        "least this similar (cosine, MiniLM) to what the question says of the documents",
    )
    concept_list_margin: float = Field(
        0.08, ge=0.0, le=2.0,
        description="… and within this much of the closest document's similarity",
    )
    near_spelling: float = Field(
        0.8, ge=0.5, le=1.0,
        description="a name in a question that no document says is answered as missing unless some word of the "
        "collection is spelled this much alike (difflib ratio; a typo is still the name)",
    )
    profile_semantic_weight: float = Field(
        0.5, ge=0.0, le=5.0,
        description="'the <description> paper/manual/…': weight of meaning (cosine with a document's first page) "
        "beside its words (idf-weighted share of the description found in its file name, title and first page)",
    )
    profile_opening_chars: int = Field(
        1000, ge=0, le=100_000,
        description="… a document's first page is that page and the pages after it until this many characters: a "
        "title page says little of what the document is, its abstract on the next page does",
    )
    profile_period_pages: int = Field(
        3, ge=0, le=20,
        description="the period a report covers ('for the year ended …') is read from its opening and this many first "
        "pages (a cover and a page of legal notices may come before it)",
    )
    profile_body_weight: float = Field(
        0.5, ge=0.0, le=1.0,
        description="… a description's word found only past the opening (\"the study of how microcredit …\" of a "
        "paper whose abstract says \"loans\") counts this share of a word of its file name, title or opening",
    )
    profile_name_weight: float = Field(
        0.5, ge=0.0, le=5.0,
        description="… the share of a description said by a document's own file name or title adds this much: other "
        "documents' openings may cite it (\"as the companion report shows\"), only its own name is its name",
    )
    profile_floor: float = Field(
        0.6, ge=0.0, le=10.0, description="… the best document's score must reach this to be taken as the one named"
    )
    profile_margin: float = Field(
        0.15, ge=0.0, le=10.0, description="… and lead the next document by this much (else no document is assumed)"
    )
    cell_explained_floor: float = Field(
        0.6, ge=0.0, le=1.0,
        description="a cell found by row and column retrieval answers when its row, column, table caption and "
        "document name account for this share of the question's words",
    )
    cell_caption_weight: float = Field(
        0.5, ge=0.0, le=5.0,
        description="… and between tables holding such a cell, each question word their caption or document name "
        "says (and the row and column do not) adds this much",
    )
    cell_sure_margin: float = Field(
        1.0, ge=0.0, le=20.0,
        description="… and is shown as the short answer (its document named as a file) when it leads every cell "
        "holding another value by this much (rarity-weighted words)",
    )
    pair_explained_floor: float = Field(
        0.6, ge=0.0, le=1.0,
        description="the two values a comparison or an arithmetic question sets side by side are read as two cells "
        "of one table when those cells and the table's names account for this share of the two parts' words",
    )
    pair_own_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="… each cell's row and column naming this share (rarity-weighted) of the words its part says "
        "and the other does not (\"2032_2\" against \"4234_1\")",
    )
    llm_analysis: bool = Field(
        True, description="with the LLM reader chosen, the question is analysed by the LLM too (shape, parts, "
        "arithmetic, comparison; one call more per question); the rules do it when off or the reply is invalid",
    )
    tables: TableReadingSettings = TableReadingSettings()
    content: ContentReadingSettings = ContentReadingSettings()
    part_values: PartValueSettings = PartValueSettings()
