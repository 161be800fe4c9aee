//! Multi-document YAML: splitting, strict decoding (unknown fields are errors), parse errors with line and column.
