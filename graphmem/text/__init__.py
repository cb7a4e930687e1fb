"""Text utilities every layer shares: BM25 terms, dates said in messages, timestamps
given by callers, everyday concepts."""
