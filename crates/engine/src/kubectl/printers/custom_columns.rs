//! `kubectl get -o custom-columns=HEADER:PATH,...` (kubectl's `CustomColumnsPrinter`):
//! a header line, then one row per object, each cell every value its path reaches,
//! joined by commas, or `<none>`, aligned as `kubectl get` aligns its tables.

use serde_json::Value;

use super::jsonpath::FieldPath;
use super::table::TabWriter;

/// The columns of a `custom-columns=` spec.
#[derive(Debug, PartialEq)]
pub struct CustomColumns {
    columns: Vec<(String, Option<FieldPath>)>,
}

impl CustomColumns {
    /// Reads a spec as `NewCustomColumnsPrinterFromSpec` does; the error is kubectl's.
    pub fn parse(spec: &str) -> Result<Self, String> {
        if spec.is_empty() {
            return Err("error: custom-columns format specified but no custom columns given".into());
        }
        let columns = spec
            .split(',')
            .map(|column| {
                let (header, path) = column.split_once(':').ok_or_else(|| {
                    format!("error: unexpected custom-columns spec: {column}, expected <header>:<json-path-expr>")
                })?;
                Ok((header.to_owned(), relaxed_path(path)?))
            })
            .collect::<Result<_, String>>()?;
        Ok(CustomColumns { columns })
    }

    /// The table of `objects` (each a JSON object as the API server serves it). A path
    /// that fails (an index out of bounds) ends the table there with kubectl's error,
    /// after the rows before it.
    pub fn render(&self, objects: &[Value]) -> Result<String, String> {
        let mut table = TabWriter::for_table();
        let headers: Vec<&str> = self.columns.iter().map(|(header, _)| header.as_str()).collect();
        table.write(&format!("{}\n", headers.join("\t")));
        for object in objects {
            let cells = self.columns.iter().map(|(_, path)| cell(path.as_ref(), object)).collect::<Result<Vec<_>, _>>();
            match cells {
                Ok(cells) => table.write(&format!("{}\n", cells.join("\t"))),
                Err(error) => return Err(format!("{}error: {error}", table.finish())),
            }
        }
        Ok(table.finish())
    }
}

/// `RelaxedJSONPathExpression`: `metadata.name`, `.metadata.name`, `{metadata.name}`
/// and `{.metadata.name}` are one path; an empty one reaches nothing.
fn relaxed_path(path: &str) -> Result<Option<FieldPath>, String> {
    if path.is_empty() {
        return Ok(None);
    }
    let inner = path.strip_prefix('{').and_then(|p| p.strip_suffix('}')).unwrap_or(path);
    let inner = inner.strip_prefix('.').unwrap_or(inner);
    if inner.is_empty() || inner.contains(['{', '}']) {
        return Err("error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'".into());
    }
    FieldPath::parse(&format!(".{inner}")).map(Some).map_err(|e| format!("error: {e}"))
}

/// One cell: every value the path reaches, as Go's `fmt.Sprint` prints it.
fn cell(path: Option<&FieldPath>, object: &Value) -> Result<String, String> {
    let values = match path {
        Some(path) => path.find(object)?,
        None => Vec::new(),
    };
    if values.is_empty() {
        return Ok("<none>".into());
    }
    Ok(values.into_iter().map(go_sprint).collect::<Vec<_>>().join(","))
}

/// `fmt.Sprint` of a decoded JSON value: maps as `map[k:v]` in key order, lists as `[a b]`.
fn go_sprint(value: &Value) -> String {
    match value {
        Value::Null => "<nil>".into(),
        Value::String(text) => text.clone(),
        Value::Bool(_) | Value::Number(_) => value.to_string(),
        Value::Array(items) => format!("[{}]", items.iter().map(go_sprint).collect::<Vec<_>>().join(" ")),
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            dsplay_model::sorting::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
            let printed: Vec<String> = entries.into_iter().map(|(k, v)| format!("{k}:{}", go_sprint(v))).collect();
            format!("map[{}]", printed.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn columns_of_paths_with_several_values_and_missing_ones() {
        let pods = [
            json!({"metadata": {"name": "agent-a", "labels": {"tier": "x", "app": "agent"}}, "spec": {"nodeName": "node-01", "containers": [{"image": "a:1"}, {"image": "b:1"}]}}),
            json!({"metadata": {"name": "agent-b"}, "spec": {"containers": [{"image": "a:1"}]}}),
        ];
        let columns = CustomColumns::parse("NAME:.metadata.name,NODE:spec.nodeName,IMAGES:{.spec.containers[*].image},LABELS:{metadata.labels}").unwrap();
        assert_eq!(
            columns.render(&pods).unwrap(),
            "NAME      NODE      IMAGES    LABELS\n\
             agent-a   node-01   a:1,b:1   map[app:agent tier:x]\n\
             agent-b   <none>    a:1       <none>\n"
        );
    }

    #[test]
    fn malformed_specs_get_kubectls_errors() {
        assert_eq!(CustomColumns::parse(""), Err("error: custom-columns format specified but no custom columns given".into()));
        assert_eq!(
            CustomColumns::parse("NAME"),
            Err("error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>".into())
        );
        assert!(CustomColumns::parse("NAME:{.a}{.b}").unwrap_err().starts_with("error: unexpected path string"));
        assert_eq!(CustomColumns::parse("EMPTY:").unwrap().render(&[json!({})]), Ok("EMPTY\n<none>\n".into()));
        let first = CustomColumns::parse("FIRST:.items[0]").unwrap();
        assert_eq!(
            first.render(&[json!({"items": [1]}), json!({"items": []})]),
            Err("FIRST\n1\nerror: array index out of bounds: index 0, length 0".into())
        );
    }
}
