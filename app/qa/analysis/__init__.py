"""Question analysis: what a question asks for, read from its grammar (spaCy's tags and parse) and small lexicons
kept as data (lexicon/*.yaml), never from one document's words."""
