//! The node pool editor's rows, as values: what each button does to them.

use crate::cluster_view::node_pools::{PoolDraft, PoolsError};

/// Why the rows cannot be read from the text, or why they were not written.
#[derive(Clone, Debug, PartialEq)]
pub enum PoolError {
    Unreadable(PoolsError),
    Invalid(PoolsError),
}

impl PoolError {
    pub fn problem(&self) -> &PoolsError {
        match self {
            PoolError::Unreadable(problem) | PoolError::Invalid(problem) => problem,
        }
    }
}

/// The rows with one more: one node, named after its place (`pool3`).
pub fn with_new_pool(drafts: &[PoolDraft]) -> Vec<PoolDraft> {
    let mut next = drafts.to_vec();
    next.push(PoolDraft { name: format!("pool{}", next.len() + 1), count: 1, ..Default::default() });
    next
}

/// The rows without the one at `index` (the same rows when it is gone already).
pub fn without_pool(drafts: &[PoolDraft], index: usize) -> Vec<PoolDraft> {
    let mut next = drafts.to_vec();
    if index < next.len() {
        next.remove(index);
    }
    next
}

/// The rows with the one at `index` changed by a field's new `value`.
pub fn with_field(drafts: &[PoolDraft], index: usize, change: fn(&mut PoolDraft, String), value: String) -> Vec<PoolDraft> {
    let mut next = drafts.to_vec();
    if let Some(pool) = next.get_mut(index) {
        change(pool, value);
    }
    next
}

/// A count field's new value; what does not read as a count keeps the old one.
pub fn set_count(pool: &mut PoolDraft, value: String) {
    pool.count = value.trim().parse().unwrap_or(pool.count);
}

/// The role select's value.
pub fn set_role(pool: &mut PoolDraft, value: String) {
    pool.control_plane = value == "control-plane";
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(name: &str) -> PoolDraft {
        PoolDraft { name: name.into(), count: 2, ..Default::default() }
    }

    #[test]
    fn adding_removing_and_editing_rows() {
        let rows = vec![pool("workers"), pool("gpu")];
        let added = with_new_pool(&rows);
        assert_eq!(added.len(), 3);
        assert_eq!((added[2].name.as_str(), added[2].count, added[2].control_plane), ("pool3", 1, false));
        assert_eq!(without_pool(&rows, 0), vec![pool("gpu")]);
        assert_eq!(without_pool(&rows, 5), rows, "a row already gone");
        let renamed = with_field(&rows, 1, |p, v| p.name = v, "accel".into());
        assert_eq!(renamed[1].name, "accel");
        assert_eq!(with_field(&rows, 9, |p, v| p.name = v, "x".into()), rows);
        assert_eq!(with_field(&rows, 0, set_count, " 7 ".into())[0].count, 7);
        assert_eq!(with_field(&rows, 0, set_count, "many".into())[0].count, 2, "an unreadable count keeps the old one");
        assert!(with_field(&rows, 0, set_role, "control-plane".into())[0].control_plane);
        assert!(!with_field(&rows, 0, set_role, "worker".into())[0].control_plane);
    }
}
