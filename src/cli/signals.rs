//! What the binary does on SIGINT and SIGTERM while it writes files: remove
//! its temporary files, then exit 130 or 143 (128 plus the signal's number,
//! as a shell reports a process the signal killed).

/// From now on, SIGINT and SIGTERM remove every temporary file of
/// [`ayo::files::write`] before the process exits with 128 plus the
/// signal's number. Until this is called (or where it cannot be set up), a
/// signal kills the process as usual, and the next `fmt --write` in the
/// folder sweeps what it left. Calling it again does nothing more.
pub fn clean_up_on_exit_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use std::sync::Once;

        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
                return;
            };
            // The handler proper only wakes this thread, which may then do
            // what a handler may not (take a lock, remove files).
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held to the end: no write starts or is renamed into
                    // place once the temporary files are gone.
                    let _held = ayo::files::write::HeldBack::remove_temporaries();
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}

/// Before a command writes into `dir`: from now on SIGINT and SIGTERM remove
/// its temporary files, and those a killed `ayo` left in `dir` are removed
/// first, each with a note on standard error.
pub fn writing_into(dir: &std::path::Path, ctx: &mut super::Ctx) {
    clean_up_on_exit_signals();
    ayo::corpus::parallel::Reporter::swept(ctx, ayo::files::write::sweep_stale(dir));
}

/// Before a `--write` run over `names` (from [`super::input_names`]):
/// standard input is refused (it cannot be rewritten), and from now on
/// SIGINT and SIGTERM remove the temporary files.
pub fn writing_files(names: &[String]) -> Result<(), super::Fatal> {
    if names.iter().any(|n| n == "-") {
        return Err(super::Fatal::Error(
            "--write needs files: it cannot rewrite standard input".to_string(),
        ));
    }
    clean_up_on_exit_signals();
    Ok(())
}

/// The batch of an output folder (`--out DIR`, `--out-dir DIR`,
/// `--split-by TAG --out DIR`), made when missing, with [`writing_into`]
/// done.
pub fn out_folder(
    dir: &std::path::Path,
    ctx: &mut super::Ctx,
) -> Result<ayo::files::batch::Batch, super::Fatal> {
    let batch = ayo::files::batch::Batch::new(dir).map_err(|e| {
        super::Fatal::Error(format!(
            "cannot create {}: {}",
            dir.display(),
            super::io_message(&e)
        ))
    })?;
    writing_into(dir, ctx);
    Ok(batch)
}
