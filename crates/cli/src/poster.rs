//! `dsplay poster <scenario> [--frame N|end] [--lang en|zh] [--theme light|dark] -o file.svg`:
//! one frame of a scenario's cluster as a static SVG, drawn from the same view the
//! playground draws (`dsplay_view::poster`). With `--embed <playground url>` it writes
//! instead the HTML to paste in a page: an iframe showing that poster, with a Play
//! button, until a click loads the playground at that frame (`?embed=1#v1=...`).

use dsplay_engine::simulation::Simulation;
use dsplay_view::poster::{self, Lang, Options, Theme};

const USAGE: &str =
    "usage: dsplay poster <scenario.yaml> [--frame N|end] [--lang en|zh] [--theme light|dark] [--embed <playground url>] -o <file.svg|file.html|->";

pub fn main(args: &[String]) -> i32 {
    let mut path = None;
    let mut frame = None;
    let mut options = Options::default();
    let mut out = None;
    let mut embed = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| match args.next() {
            Some(value) => Ok(value.clone()),
            None => Err(format!("{name} needs a value")),
        };
        let parsed: Result<(), String> = match arg.as_str() {
            "--frame" => value("--frame").and_then(|v| match v.as_str() {
                "end" => Ok(frame = None),
                number => number.parse::<usize>().map(|n| frame = Some(n)).map_err(|_| format!("--frame {number}: not a frame number or end")),
            }),
            "--lang" => value("--lang").and_then(|v| Lang::parse(&v).map(|lang| options.lang = lang).ok_or(format!("--lang {v}: en or zh"))),
            "--theme" => value("--theme").and_then(|v| Theme::parse(&v).map(|theme| options.theme = theme).ok_or(format!("--theme {v}: light or dark"))),
            "--embed" => value("--embed").map(|v| embed = Some(v)),
            "-o" | "--out" => value("-o").map(|v| out = Some(v)),
            other if other.starts_with('-') && other != "-" => Err(format!("unknown option {other}")),
            other if path.is_none() => Ok(path = Some(other.to_string())),
            other => Err(format!("one scenario only: {other}")),
        };
        if let Err(message) = parsed {
            eprintln!("dsplay poster: {message}\n{USAGE}");
            return 2;
        }
    }
    let (Some(path), Some(out)) = (path, out) else {
        eprintln!("{USAGE}");
        return 2;
    };
    let text = match crate::read_input(std::path::Path::new(&path)) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let mut simulation = match Simulation::load(&text) {
        Ok(simulation) => simulation,
        Err(error) => {
            eprintln!("error: {}", crate::load_error_at(&path, &error));
            return 1;
        }
    };
    simulation.run_steps();
    let frames = simulation.frames();
    let index = frame.unwrap_or(frames.len().saturating_sub(1));
    let Some(shown) = frames.get(index) else {
        eprintln!("error: {path} has {} frames (0 to {}): no frame {index}", frames.len(), frames.len().saturating_sub(1));
        return 2;
    };
    let scenario = simulation.scenario();
    options.title = format!("{} · t = {:.1}s", scenario.name, shown.time_ms as f64 / 1000.0);
    let pools: Vec<String> = scenario.node_pools.iter().map(|pool| pool.name.clone()).collect();
    options.play = embed.is_some();
    options.fluid = embed.is_some();
    let mut svg = poster::of_state(&shown.state, shown.time_ms, simulation.pools_by_node(), &pools, &options);
    if let Some(base) = embed {
        // The fragment the playground's own links carry: the scenario, the frame, the language.
        let lang = if options.lang == Lang::Zh { "&lang=zh" } else { "&lang=en" };
        let url = format!("{}?embed=1#{}&f={index}{lang}", base.split(['?', '#']).next().unwrap_or(&base), dsplay_engine::share::encode(&text));
        svg = poster::embed_snippet(&svg, &url, &format!("DaemonSet Playground: {}", scenario.name), options.lang, options.theme) + "\n";
    }
    let written = match out.as_str() {
        "-" => {
            use std::io::Write as _;
            std::io::stdout().write_all(svg.as_bytes()).map_err(|error| error.to_string())
        }
        file => std::fs::write(file, &svg).map_err(|error| format!("cannot write {file}: {error}")),
    };
    match written {
        Ok(()) => {
            if out != "-" {
                eprintln!("{out}: frame {index} of {}, {} bytes", frames.len(), svg.len());
            }
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}
