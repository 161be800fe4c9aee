//! Entry point of the wasm binary that Trunk builds.

fn main() {
    dsplay_web::crash::install_panic_hook();
    yew::Renderer::<dsplay_web::App>::new().render();
    // index.html's first screen stood in for the app while the wasm downloaded.
    if let Some(first_screen) = gloo::utils::document().get_element_by_id("first-screen") {
        first_screen.remove();
    }
}
