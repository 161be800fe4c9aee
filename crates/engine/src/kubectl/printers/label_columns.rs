//! `kubectl get -L key` and `--show-labels` (the table printer's `decorateTable`): after
//! every other column, one per `-L` key, headed by the key's last path segment in
//! capitals and holding the label's value, then LABELS, all of them as `k=v,...`.
//! (Label keys are ASCII, so ASCII capitals are kubectl's `strings.ToUpper` without
//! the Unicode tables.)

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use super::table::render_table;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LabelColumns {
    /// The `-L` keys, in the order given.
    pub keys: Vec<String>,
    pub show_labels: bool,
    /// `daemonset.apps/`-style, before each NAME, when one `get` lists several types.
    pub name_prefix: Option<String>,
    /// `--no-headers`: the rows alone.
    pub no_headers: bool,
}

impl LabelColumns {
    /// Renders a table whose rows are `items`' in order, with the label columns added.
    pub fn render<T>(&self, headers: &[&str], mut rows: Vec<Vec<String>>, items: &[&T]) -> String
    where
        T: k8s_openapi::Metadata<Ty = ObjectMeta>,
    {
        let label_headers: Vec<String> = self
            .keys
            .iter()
            .map(|key| key.rsplit('/').next().unwrap_or(key).to_ascii_uppercase())
            .chain(self.show_labels.then(|| "LABELS".to_string()))
            .collect();
        let name_column = headers.iter().position(|h| *h == "NAME");
        if let (Some(prefix), Some(column)) = (&self.name_prefix, name_column) {
            for row in &mut rows {
                if let Some(name) = row.get_mut(column) {
                    name.insert_str(0, prefix);
                }
            }
        }
        let headers: Vec<&str> = headers.iter().copied().chain(label_headers.iter().map(String::as_str)).collect();
        for (row, item) in rows.iter_mut().zip(items) {
            let labels = item.metadata().labels.as_ref();
            row.extend(self.keys.iter().map(|key| labels.and_then(|l| l.get(key)).cloned().unwrap_or_default()));
            if self.show_labels {
                row.push(format_labels(labels));
            }
        }
        render_table(&headers, &rows, !self.no_headers)
    }
}

/// `labels.FormatLabels`: `k=v,k2=v2` sorted by key, or `<none>`.
pub fn format_labels(labels: Option<&BTreeMap<String, String>>) -> String {
    let pairs: Vec<String> = labels.into_iter().flatten().map(|(k, v)| format!("{k}={v}")).collect();
    if pairs.is_empty() {
        "<none>".to_string()
    } else {
        pairs.join(",")
    }
}
