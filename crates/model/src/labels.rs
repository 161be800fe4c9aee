//! Label selectors (`matchLabels`, `matchExpressions`) and their matching.
