//! Taints and tolerations: `Toleration.ToleratesTaint`, `FindMatchingUntoleratedTaint`.
