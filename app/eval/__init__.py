"""`mdqa eval`: multi-document QA benchmarks (HotpotQA, MuSiQue, 2Wiki) and the structural PDF evaluation.

Pure domain code: datasets → collections (through the same graph builder as PDFs) → retrievers → metrics.
No web, queue or template code here.
"""
