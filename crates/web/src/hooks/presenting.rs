//! Presenter mode's effects on the page around the app: `<html class="presenting">`
//! (the stylesheet gives the cluster the whole window and hides the header), and the
//! address bar's `?present=1`, so that a reload, or the address copied as a link, opens
//! presenter mode again.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::present::search_with_present;
use crate::state::Playground;

#[hook]
pub fn use_presenting(playground: &Playground, enabled: bool) {
    let present = playground.present && enabled;
    use_effect_with(present, move |&present| {
        let window = gloo::utils::window();
        if let Some(root) = window.document().and_then(|d| d.document_element()) {
            let _ = if present { root.class_list().add_1("presenting") } else { root.class_list().remove_1("presenting") };
        }
        let location = window.location();
        let search = location.search().unwrap_or_default();
        let wanted = search_with_present(&search, present);
        if enabled && wanted != search {
            let url = format!("{}{}{}", location.pathname().unwrap_or_default(), wanted, location.hash().unwrap_or_default());
            if let Ok(history) = window.history() {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
    });
}
