"""Readers: from evidence to a Reading (scored candidates, a not-answered score, cited text). One interface
(base.Reader), several registered implementations (registry.READERS) chosen from the analysis and the options."""
