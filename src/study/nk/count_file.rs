//! A finished count's `count.json` read back like input: vouched for by its seal or by the
//! chunks beside it.

use super::count::{COUNT_SEAL, CountCheck, NkReport, NkRun, NkSpec, check_side};
use crate::study::chunk_store::{chunk_files, read_spec};
use crate::study::chunked_run::{RunKind, merge};
use crate::with_cell_width;
use anyhow::ensure;
use std::path::Path;

/// Checks the `count.json` at `path` (its `text`, read as `report`) like input: a seal, if it
/// carries one, must hold; when its folder still holds every chunk of the count (beside its
/// `nk.json`), they are read back, each through its seal, and must add up to the same count.
/// The error says why the file is not taken (the caller names it).
pub fn check_count_file(path: &Path, text: &str, report: &NkReport) -> anyhow::Result<CountCheck> {
    let sealed = match crate::io::check_seal(text, COUNT_SEAL) {
        Ok(()) => true,
        Err(crate::io::SealError::Missing) => false,
        Err(e) => anyhow::bail!("{e}"),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let unchecked = if sealed {
        CountCheck::Sealed
    } else {
        CountCheck::Unsealed
    };
    if !dir.join(RunKind::Nk.spec_file()).is_file() || chunk_files(&[dir.to_path_buf()]) == 0 {
        return Ok(unchecked);
    }
    let spec: NkSpec = read_spec(dir, RunKind::Nk.spec_file(), RunKind::Nk.what())?;
    let same = (spec.n, spec.k, spec.method, spec.mirroring.used_by(spec.method))
        == (report.n, report.k, report.method, report.mirroring);
    ensure!(
        same,
        "it is not the count of the {} beside it ({})",
        RunKind::Nk.spec_file(),
        spec.dir_name()
    );
    check_side(spec.n)?;
    ensure!(
        spec.chunk > 0,
        "the {} beside it has chunks of 0 items",
        RunKind::Nk.spec_file()
    );
    let chunks = with_cell_width!(spec.n * spec.n, W => {
        let run = NkRun::<W>::new(&spec)?;
        let store = RunKind::Nk.reading(dir, &spec)?;
        // A run that read the other chunks from shard folders (--merge-from) keeps only its own.
        match run.plan.iter().all(|id| store.has(id.walls, id.chunk)) {
            true => merge(&run, &store).map(Some),
            false => Ok(None),
        }
    })?;
    let Some(chunks) = chunks else {
        return Ok(unchecked);
    };
    let agree = chunks.placements == report.placements
        && chunks.per_class == report.per_class
        && chunks.classes == report.classes;
    ensure!(
        agree,
        "it states {} placements, where the chunks beside it (in {}) add up to {}; the file is \
         damaged or edited: count again, or restore it",
        report.placements,
        dir.join("chunks").display(),
        chunks.placements
    );
    Ok(CountCheck::Chunks)
}
