//! One checked line of an `expect` (or of a task's goal), as values: which key, what
//! was wanted, what the cluster shows. English is their `Display`, here and only here;
//! the page says them in its own language from the values.

use std::fmt;

/// Which line of an expectation: `podsPerNode.node-02`, `rollout.complete`, ...
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalKey {
    /// The DaemonSet the checks are about could not be told.
    DaemonSet,
    Status(String),
    PodsPerNode(String),
    Phase(String),
    Generation(String),
    Image(String),
    Pending(String),
    Error,
    Output,
    /// `events[i]`.
    Event(usize),
    Rollout(RolloutField),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolloutField {
    MaxUnavailableSeen,
    MaxPodsPerNodeSeen,
    MaxSurgeSeen,
    Complete,
}

/// A wanted or seen value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineValue {
    Number(i64),
    Flag(bool),
    /// A phase, a label value.
    Word(String),
    /// Text matched by substring (a message, an output), printed quoted.
    Quoted(String),
    /// An unscheduled pod whose reason contains the text.
    UnscheduledPod(String),
    /// `{reason, message}` of a wanted event, each matched by substring.
    Event { reason: Option<String>, message: Option<String> },
    /// `reason: message` of every event seen.
    Events(Vec<String>),
    /// A DaemonSet named so (any, for `None`).
    DaemonSetNamed(Option<String>),
    /// Several DaemonSets and the expectation does not name one.
    OneOfSeveral,
    /// How many DaemonSets matched.
    DaemonSets(usize),
    /// No DaemonSet matched; `named` when the expectation named one.
    NoDaemonSet { named: bool },
    NoPod,
    NoLabel,
    NoUnscheduledPod,
    NoSuchStatusField,
    /// The last command succeeded (`error` wanted one).
    NoErrorFrom(String),
}

/// One line, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedLine {
    pub key: GoalKey,
    pub wanted: LineValue,
    pub seen: LineValue,
    pub held: bool,
}

impl fmt::Display for RolloutField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RolloutField::MaxUnavailableSeen => "maxUnavailableSeen",
            RolloutField::MaxPodsPerNodeSeen => "maxPodsPerNodeSeen",
            RolloutField::MaxSurgeSeen => "maxSurgeSeen",
            RolloutField::Complete => "complete",
        })
    }
}

impl fmt::Display for GoalKey {
    /// The key's path in the file: `podsPerNode.node-02`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalKey::DaemonSet => f.write_str("daemonset"),
            GoalKey::Status(field) => write!(f, "status.{field}"),
            GoalKey::PodsPerNode(node) => write!(f, "podsPerNode.{node}"),
            GoalKey::Phase(node) => write!(f, "phases.{node}"),
            GoalKey::Generation(node) => write!(f, "generation.{node}"),
            GoalKey::Image(node) => write!(f, "images.{node}"),
            GoalKey::Pending(node) => write!(f, "pending.{node}"),
            GoalKey::Error => f.write_str("error"),
            GoalKey::Output => f.write_str("output"),
            GoalKey::Event(i) => write!(f, "events[{i}]"),
            GoalKey::Rollout(field) => write!(f, "rollout.{field}"),
        }
    }
}

impl fmt::Display for LineValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineValue::Number(n) => write!(f, "{n}"),
            LineValue::Flag(b) => write!(f, "{b}"),
            LineValue::Word(w) => f.write_str(w),
            LineValue::Quoted(text) => write!(f, "{text:?}"),
            LineValue::UnscheduledPod(text) => write!(f, "an unscheduled pod ({text:?})"),
            LineValue::Event { reason, message } => {
                write!(f, "EventExpectation {{ reason: {reason:?}, message: {message:?} }}")
            }
            LineValue::Events(seen) => write!(f, "{seen:?}"),
            LineValue::DaemonSetNamed(Some(name)) => write!(f, "a DaemonSet named {name:?}"),
            LineValue::DaemonSetNamed(None) => f.write_str("a DaemonSet"),
            LineValue::OneOfSeveral => f.write_str("one DaemonSet (name it with `daemonset:`)"),
            LineValue::DaemonSets(n) => write!(f, "{n}"),
            LineValue::NoDaemonSet { named: true } => f.write_str("none"),
            LineValue::NoDaemonSet { named: false } => f.write_str("none in the cluster"),
            LineValue::NoPod => f.write_str("no pod"),
            LineValue::NoLabel | LineValue::NoUnscheduledPod => f.write_str("none"),
            LineValue::NoSuchStatusField => f.write_str("no such status field"),
            LineValue::NoErrorFrom(command) => write!(f, "no error from `{command}`"),
        }
    }
}

impl fmt::Display for CheckedLine {
    /// `podsPerNode.node-02: expected 1, got 0`, as an `expect` reports it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, got {}", self.key, self.wanted, self.seen)
    }
}

/// One thing that differed: `podsPerNode.node-02: expected 1, got 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectationFailure {
    pub field: String,
    pub expected: String,
    pub actual: String,
}

impl fmt::Display for ExpectationFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, got {}", self.field, self.expected, self.actual)
    }
}

impl From<&CheckedLine> for ExpectationFailure {
    fn from(line: &CheckedLine) -> Self {
        ExpectationFailure { field: line.key.to_string(), expected: line.wanted.to_string(), actual: line.seen.to_string() }
    }
}
