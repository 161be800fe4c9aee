//! Entry point of the wasm binary that Trunk builds.

fn main() {
    dsplay_web::crash::install_panic_hook();
    yew::Renderer::<dsplay_web::App>::new().render();
}
