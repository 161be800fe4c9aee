//! What the playground says after kubectl's answer where it is kinder than kubectl: a
//! name given without `-n` found in another namespace, or a list of `default` that is
//! empty while other namespaces hold the kind. Kept as a value beside the printed text,
//! so that a page in another language can say it in that language.

use std::fmt;

use super::churn::{Churn, CHURN_LIMIT};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaygroundNote {
    /// `kind` "name" was found in `namespace`, not in `default`.
    FoundElsewhere { kind: String, name: String, namespace: String },
    /// No `plural` in `default`, but some in `namespaces` (sorted).
    ListedElsewhere { plural: String, namespaces: Vec<String> },
    /// kubectl, which waits for a deletion with no timeout, would still be waiting for
    /// `pod` (`namespace/name`): no kubelet confirms it, so it stays Terminating.
    StillWaitingForDeletion { pod: String },
    /// The command stopped: a DaemonSet made pod after pod for one node, and would
    /// go on for ever ([`CHURN_LIMIT`] in one command).
    Churned(Churn),
}

impl PlaygroundNote {
    /// kubectl's answer with the note on a line of its own after it.
    pub fn after(&self, answer: String) -> String {
        if answer.is_empty() { self.to_string() } else { format!("{answer}\n{self}") }
    }
}

impl fmt::Display for PlaygroundNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaygroundNote::FoundElsewhere { kind, name, namespace } => write!(
                f,
                "# the playground found {kind} \"{name}\" in namespace \"{namespace}\"; kubectl looks only in \"default\" unless given -n {namespace}"
            ),
            PlaygroundNote::ListedElsewhere { plural, namespaces } => {
                let listed = namespaces.iter().map(|ns| format!("\"{ns}\"")).collect::<Vec<_>>().join(", ");
                let first = namespaces.first().map(String::as_str).unwrap_or("default");
                write!(f, "# the playground has {plural} in namespace {listed}: kubectl get {plural} -n {first}, or -A for all")
            }
            PlaygroundNote::StillWaitingForDeletion { pod } => write!(
                f,
                "# kubectl would still be waiting here for pod {pod} to be gone: no kubelet confirms its deletion (is its node down?), so it stays Terminating. The playground gives the console back."
            ),
            PlaygroundNote::Churned(Churn { daemonset, node, created, fate }) => {
                write!(f, "# the playground stopped here: DaemonSet {daemonset} made {created} pods for node {node} in this command")?;
                if let Some(fate) = fate {
                    write!(f, ", each ending {fate} and replaced by the next")?;
                }
                write!(f, "; the cluster would go on like this without end (the playground stops a command after {CHURN_LIMIT})")
            }
        }
    }
}
