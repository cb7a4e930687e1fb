"""The write path: validate a caller's input, arbitrate candidates against the active
facts, persist them with their episode and audit inside one transaction, and erase."""
