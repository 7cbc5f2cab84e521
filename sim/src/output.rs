//! Atomic result files: written to a temporary name in the same folder, flushed, then renamed,
//! so a crash or an interrupt never leaves a half-written result under the final name.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(format!(".partial-{}", std::process::id()));
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = temp_path(path);
    let res = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    res.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
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
        let f =
            fs::File::create(&tmp).map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
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
        let f = w
            .into_inner()
            .map_err(|e| format!("cannot write {}: {e}", self.tmp.display()))?;
        f.sync_all()
            .map_err(|e| format!("cannot write {}: {e}", self.tmp.display()))?;
        fs::rename(&self.tmp, &self.path)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.is_some() {
            self.file = None;
            let _ = fs::remove_file(&self.tmp);
        }
    }
}
