//! `dsplay`: DaemonSet Playground on the command line. A thin host of the engine: each
//! subcommand reads files, calls the engine or the model, and prints what the playground
//! would show.

/// `println!` for what the commands print: when stdout closes early (`dsplay run x |
/// head`) the program ends as a Unix tool killed by SIGPIPE does (status 141), where
/// `println!` would panic. Defined before the modules so they can use it.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

/// jemalloc rather than the system allocator: a scenario keeps every frame's objects,
/// millions of small allocations at thousands of nodes, and jemalloc makes and frees
/// them in about two thirds of the time glibc's malloc takes (scripts/bench-scale.sh).
/// The browser build does not use this crate.
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

mod check;
mod exercise_check;
mod export;
mod poster;
mod run;
mod share;
mod test;
mod validate;

/// A subcommand's input file, or the exit status (2) after saying why it cannot be read.
fn read_input(path: &std::path::Path) -> Result<String, i32> {
    read_text(path).map_err(|message| {
        eprintln!("error: {message}");
        2
    })
}

/// A file's text (UTF-8, with or without a byte-order mark), or why it cannot be read:
/// `file:line:column: ...` for bytes that are not UTF-8.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    dsplay_model::document::decode_text(&bytes).map_err(|error| match (error.line, error.column) {
        (Some(line), Some(column)) => format!("{}:{line}:{column}: {}", path.display(), error.message),
        _ => format!("{}: {}", path.display(), error.message),
    })
}

/// Why a scenario did not load, with the line it is about when known, as compilers
/// print it: `file:line: message`.
fn load_error_at(path: &str, error: &dsplay_engine::simulation::LoadError) -> String {
    match error.line() {
        Some(line) => format!("{path}:{line}: {error}"),
        None => format!("{path}: {error}"),
    }
}

const USAGE: &str = "\
dsplay: DaemonSet Playground on the command line

usage:
  dsplay test <file|dir>...          run scenarios and check their expectations
  dsplay check <exercise> <attempt>... grade an attempt (a manifest, an edited scenario,
                                     or a session of console commands) against the task
  dsplay run <file>                  print the timeline of a scenario
  dsplay validate <manifest.yaml>    the API server's verdict on each document
  dsplay encode <file> [--base URL]  the share link of a scenario
  dsplay decode <url-or-fragment>    the scenario text of a share link
  dsplay export <file> [--out DIR]   kubectl-applicable YAML (kwok fake nodes) and a replay script
  dsplay poster <file> [--frame N|end] [--lang en|zh] [--theme light|dark] -o <file.svg|->
                                     one frame of the cluster as a static SVG picture
  dsplay --help | --version

exit status: 0 success (for check: the task is done), 1 a check failed or an object is invalid, 2 usage or unreadable input";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(dispatch(&args));
}

fn dispatch(args: &[String]) -> i32 {
    let rest = args.get(2..).unwrap_or_default();
    match args.get(1).map(String::as_str) {
        Some("test") => test::main(rest),
        Some("run") => run::main(rest),
        Some("check") => check::main(rest),
        Some("validate") => validate::main(rest),
        Some("encode") => share::encode_main(rest),
        Some("decode") => share::decode_main(rest),
        Some("export") => export::main(rest),
        Some("poster") => poster::main(rest),
        Some("--help" | "-h" | "help") => {
            outln!("{USAGE}");
            0
        }
        Some("--version" | "-V") => {
            outln!("dsplay {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            eprintln!("dsplay: unknown command \"{other}\"\n\n{USAGE}");
            2
        }
        None => {
            eprintln!("{USAGE}");
            2
        }
    }
}
