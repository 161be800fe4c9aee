//! Where a field path stands in the YAML text (line, column), so errors point at their line.
