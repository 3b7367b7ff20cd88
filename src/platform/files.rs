//! Game records the player opens and saves: through the system's file dialogs on the desktop
//! (rfd: the XDG portal on Linux, the native dialogs elsewhere), through a file picker and a
//! download in the browser. Opening is asynchronous everywhere; what arrives is an
//! [`OpenedFile`] message, read by whoever shows it (the review).

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::AppSystems;
use crate::i18n;
use crate::overlay::Notice;
use crate::settings::Settings;

/// A file the player picked, its name and bytes.
#[derive(Message, Clone, Debug)]
pub struct OpenedFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A pick in progress: its result lands here, from a dialog task or a browser callback.
#[derive(Resource, Default, Clone)]
pub struct PendingOpen(Arc<Mutex<Option<OpenedFile>>>);

/// Where a saved record went, or why it did not get there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveReport {
    /// Written to this path (the desktop's save dialog).
    Saved(String),
    /// Handed to the browser as a download of this name.
    Downloaded(String),
    /// This name could not be written, for this reason.
    Failed(String, String),
}

/// Saves finished since the last frame, told to the player by [`announce_saves`].
#[derive(Resource, Default, Clone)]
pub struct PendingSaves(Arc<Mutex<Vec<SaveReport>>>);

impl PendingSaves {
    fn push(&self, report: SaveReport) {
        if let Ok(mut list) = self.0.lock() {
            list.push(report);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenedFile>()
        .init_resource::<PendingOpen>()
        .init_resource::<PendingSaves>()
        .add_systems(Update, deliver_opened_files.in_set(AppSystems::Input))
        .add_systems(Update, announce_saves.in_set(AppSystems::React));
}

/// Says where a record was saved (or why not), over whatever screen is up.
fn announce_saves(
    pending: Res<PendingSaves>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut notice: ResMut<Notice>,
) {
    let reports = pending
        .0
        .lock()
        .map(|mut list| std::mem::take(&mut *list))
        .unwrap_or_default();
    let lang = settings.language;
    for report in reports {
        let text = match &report {
            SaveReport::Saved(path) => i18n::saved_to(lang, path),
            SaveReport::Downloaded(name) => i18n::downloaded_as(lang, name),
            SaveReport::Failed(name, why) => i18n::not_saved(lang, name, why),
        };
        notice.show(text, time.elapsed_secs_f64());
    }
}

fn deliver_opened_files(pending: Res<PendingOpen>, mut opened: MessageWriter<OpenedFile>) {
    let file = pending.0.lock().map(|mut slot| slot.take()).unwrap_or_default();
    if let Some(file) = file {
        opened.write(file);
    }
}

/// Asks the player for an SGF file; it arrives later as an [`OpenedFile`].
pub fn open_sgf(pending: &PendingOpen) {
    let slot = pending.0.clone();
    #[cfg(not(target_arch = "wasm32"))]
    bevy::tasks::IoTaskPool::get()
        .spawn(async move {
            let picked = rfd::AsyncFileDialog::new()
                .add_filter("SGF", &["sgf", "SGF"])
                .pick_file()
                .await;
            if let Some(file) = picked {
                let opened = OpenedFile {
                    name: file.file_name(),
                    bytes: file.read().await,
                };
                if let Ok(mut slot) = slot.lock() {
                    *slot = Some(opened);
                }
            }
        })
        .detach();
    #[cfg(target_arch = "wasm32")]
    web::pick(slot);
}

/// Offers `text` to be saved as `name`: a save dialog on the desktop, a download in the browser.
/// Where it went is reported through `pending`.
pub fn save_sgf(pending: &PendingSaves, name: &str, text: String) {
    let pending = pending.clone();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let name = name.to_string();
        bevy::tasks::IoTaskPool::get()
            .spawn(async move {
                let chosen = rfd::AsyncFileDialog::new()
                    .add_filter("SGF", &["sgf"])
                    .set_file_name(&name)
                    .save_file()
                    .await;
                // A closed dialog is no save and says nothing.
                let Some(file) = chosen else { return };
                let path = file.path().display().to_string();
                match file.write(text.as_bytes()).await {
                    Ok(()) => pending.push(SaveReport::Saved(path)),
                    Err(e) => {
                        warn!("could not save {path}: {e}");
                        pending.push(SaveReport::Failed(path, e.to_string()));
                    }
                }
            })
            .detach();
    }
    #[cfg(target_arch = "wasm32")]
    pending.push(match web::download(name, &text) {
        true => SaveReport::Downloaded(name.to_string()),
        false => SaveReport::Failed(name.to_string(), "download refused".into()),
    });
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::sync::{Arc, Mutex};

    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    use super::OpenedFile;

    /// A hidden `<input type=file>`, clicked; its file read whole when chosen.
    pub(super) fn pick(slot: Arc<Mutex<Option<OpenedFile>>>) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Ok(input) = document.create_element("input") else {
            return;
        };
        let Ok(input) = input.dyn_into::<web_sys::HtmlInputElement>() else {
            return;
        };
        input.set_type("file");
        input.set_accept(".sgf,application/x-go-sgf");
        let chosen = input.clone();
        let on_change = Closure::once_into_js(move || {
            let Some(file) = chosen.files().and_then(|files| files.get(0)) else {
                return;
            };
            let Ok(reader) = web_sys::FileReader::new() else {
                return;
            };
            let name = file.name();
            let read = reader.clone();
            let on_load = Closure::once_into_js(move || {
                let Ok(buffer) = read.result() else { return };
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                if let Ok(mut slot) = slot.lock() {
                    *slot = Some(OpenedFile { name, bytes });
                }
            });
            reader.set_onload(Some(on_load.unchecked_ref()));
            let _ = reader.read_as_array_buffer(&file);
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        input.click();
    }

    /// A link to the text as a blob, clicked: the browser's download. False when the page
    /// could not make one.
    pub(super) fn download(name: &str, text: &str) -> bool {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return false;
        };
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/x-go-sgf");
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return false;
        };
        let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
            return false;
        };
        let Ok(link) = document
            .create_element("a")
            .map_err(|_| ())
            .and_then(|l| l.dyn_into::<web_sys::HtmlAnchorElement>().map_err(|_| ()))
        else {
            return false;
        };
        link.set_href(&url);
        link.set_download(name);
        link.click();
        // Revoked only once the browser has had time to start the download.
        let revoke = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(window) = web_sys::window() {
            let _ =
                window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
        }
        true
    }
}
