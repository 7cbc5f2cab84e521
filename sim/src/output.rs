//! Atomic result files: written to a temporary name in the same folder, flushed, then renamed,
//! so a crash or an interrupt never leaves a half-written result under the final name.
//!
//! A process-wide registry holds the temporary (`.partial-<pid>`) files and folders being written
//! and the output folders a run created. [`clean_up`] removes the former and those of the latter
//! still empty: the second Ctrl-C calls it before exiting ([`clean_up_and_exit`]), and so does a
//! run that ends in an error.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    /// Temporary files and folders being written.
    partial: Vec<PathBuf>,
    /// Folders created by this run, outermost first.
    created: Vec<PathBuf>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    partial: Vec::new(),
    created: Vec::new(),
});

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records a temporary file or folder, removed by [`clean_up`] unless [`forget_partial`] is
/// called first (once it is renamed into place or removed).
pub fn register_partial(path: &Path) {
    registry().partial.push(path.to_path_buf());
}

/// Forgets a temporary file or folder recorded by [`register_partial`].
pub fn forget_partial(path: &Path) {
    let mut r = registry();
    if let Some(i) = r.partial.iter().rposition(|p| p == path) {
        r.partial.swap_remove(i);
    }
}

/// Creates folder `dir` and its missing parents, recording the ones it created.
pub fn create_dir(dir: &Path) -> Result<(), String> {
    let err = |e: std::io::Error| format!("cannot create output folder {}: {e}", dir.display());
    let mut missing: Vec<PathBuf> = dir
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .take_while(|a| !a.exists())
        .map(Path::to_path_buf)
        .collect();
    missing.reverse();
    let mut r = registry();
    for d in missing {
        match fs::create_dir(&d) {
            Ok(()) => r.created.push(d),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && d.is_dir() => {}
            Err(e) => return Err(err(e)),
        }
    }
    if !dir.is_dir() {
        return Err(err(std::io::Error::other("not a folder")));
    }
    Ok(())
}

/// Removes the registered temporary files and folders, then the created folders that are empty
/// (innermost first). The registry stays locked until the returned guard is dropped, so no new
/// temporary file appears meanwhile.
fn clean(r: &mut Registry) {
    for p in r.partial.drain(..) {
        if p.is_dir() {
            let _ = fs::remove_dir_all(&p);
        } else {
            let _ = fs::remove_file(&p);
        }
    }
    for d in r.created.drain(..).rev() {
        // Fails (and keeps the folder) unless it is empty.
        let _ = fs::remove_dir(&d);
    }
}

/// Removes what a failed or abandoned run leaves: temporary files and empty created folders.
pub fn clean_up() {
    clean(&mut registry());
}

/// [`clean_up`], then exits with `code` while still holding the registry (so no other thread
/// starts a temporary file in between).
pub fn clean_up_and_exit(code: i32) -> ! {
    let mut r = registry();
    clean(&mut r);
    std::process::exit(code)
}

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(format!(".partial-{}", std::process::id()));
    path.with_file_name(name)
}

/// Creates the temporary file, registered for clean-up.
fn create_registered(tmp: &Path) -> std::io::Result<fs::File> {
    let mut r = registry();
    r.partial.push(tmp.to_path_buf());
    fs::File::create(tmp)
}

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = temp_path(path);
    let res = (|| -> std::io::Result<()> {
        let mut f = create_registered(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if res.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    forget_partial(&tmp);
    res.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A file written progressively under a temporary name and renamed into place by `finish`.
/// Dropped without `finish` (an error path), the temporary file is removed.
pub struct AtomicFile {
    tmp: PathBuf,
    path: PathBuf,
    file: Option<std::io::BufWriter<fs::File>>,
}

impl AtomicFile {
    pub fn create(path: &Path) -> Result<Self, String> {
        let tmp = temp_path(path);
        let f = create_registered(&tmp).map_err(|e| {
            forget_partial(&tmp);
            format!("cannot create {}: {e}", tmp.display())
        })?;
        Ok(AtomicFile {
            tmp,
            path: path.to_path_buf(),
            file: Some(std::io::BufWriter::new(f)),
        })
    }
    pub fn writer(&mut self) -> &mut std::io::BufWriter<fs::File> {
        self.file.as_mut().expect("file open until finish")
    }
    pub fn finish(mut self) -> Result<(), String> {
        let w = self.file.take().expect("file open until finish");
        let res = (|| {
            let f = w
                .into_inner()
                .map_err(|e| format!("cannot write {}: {e}", self.tmp.display()))?;
            f.sync_all()
                .map_err(|e| format!("cannot write {}: {e}", self.tmp.display()))?;
            fs::rename(&self.tmp, &self.path)
                .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
        })();
        if res.is_err() {
            let _ = fs::remove_file(&self.tmp);
        }
        forget_partial(&self.tmp);
        res
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.is_some() {
            self.file = None;
            let _ = fs::remove_file(&self.tmp);
            forget_partial(&self.tmp);
        }
    }
}
