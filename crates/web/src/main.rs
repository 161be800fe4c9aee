//! Entry point of the wasm binary that Trunk builds.

fn main() {
    yew::Renderer::<dsplay_web::App>::new().render();
}
