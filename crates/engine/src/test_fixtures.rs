//! Fixtures for the engine's unit tests: the conformance scenarios in
//! `../shared/conformance` beside the project, read where they are (never copied).

/// `(file name, text)` of every conformance scenario, in file-name order.
pub fn conformance_scenarios() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), text)
        })
        .collect()
}
