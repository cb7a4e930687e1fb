"""Pure functions over facts: the attribute vocabulary, the keys stores index them by,
and time decay."""
