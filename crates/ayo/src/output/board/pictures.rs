//! Where `ayo board --format svg` puts its pictures: files in a folder, put
//! in place together at the end, or standard output, which takes one.

use std::io::Write;

use super::super::FolderError;
use crate::files::batch::Batch;
use crate::files::name::Names;
use crate::files::write::Existing;

/// The pictures of a run, as they are drawn. In a folder, a picture's file
/// name is its own (`game1-ply007`), or, with several inputs, its input's
/// stem and its own (`x-game1-ply007`; `x` and `x-2` for `d1/x.ayo` and
/// `d2/x.ayo`). Standard output keeps the first picture and counts the
/// others: more than one is an error at the end.
///
/// ```
/// use ayo::output::board::Pictures;
/// let mut pictures = Pictures::stdout();
/// pictures.put("a.ayo", "game1-ply001", "<svg/>".to_string()).unwrap();
/// let mut out = Vec::new();
/// pictures.finish(ayo::files::write::Existing::Refuse, &mut out).unwrap();
/// assert_eq!(out, b"<svg/>");
/// ```
pub struct Pictures(Place);

enum Place {
    /// The folder's batch, the stems of the inputs when there are several,
    /// and the last input seen with its stem.
    Dir(Box<(Batch, Option<Names>)>, (String, String)),
    /// The first picture, and how many were drawn.
    Stdout(Option<String>, usize),
}

impl Pictures {
    /// Pictures written into the folder of `batch`; `several` inputs give
    /// each picture its input's stem.
    pub fn folder(batch: Batch, several: bool) -> Pictures {
        let folder = Box::new((batch, several.then(Names::new)));
        Pictures(Place::Dir(folder, Default::default()))
    }

    /// One picture, for standard output.
    pub fn stdout() -> Pictures {
        Pictures(Place::Stdout(None, 0))
    }

    /// Writes (or keeps) one picture of input `file`, named `name`.
    pub fn put(&mut self, file: &str, name: &str, svg: String) -> Result<(), FolderError> {
        let (folder, current) = match &mut self.0 {
            Place::Dir(folder, current) => (folder, current),
            Place::Stdout(first, count) => {
                *count += 1;
                first.get_or_insert(svg);
                return Ok(());
            }
        };
        let (batch, stems) = &mut **folder;
        let mut text = name.to_string();
        if let Some(stems) = stems {
            // Each input is read once, its games in a row.
            if current.0 != file {
                *current = (file.to_string(), stems.take(&Names::input_stem(file), ""));
            }
            text = format!("{}-{name}", current.1);
        }
        match batch.write(&text, "svg", svg.as_bytes()) {
            Ok(_) => Ok(()),
            Err(source) => Err(FolderError::Write {
                dir: batch.dir().to_path_buf(),
                source,
            }),
        }
    }

    /// Puts the pictures of a folder in place (`existing`: what to do with
    /// files already there), or writes the one picture to `out`.
    pub fn finish(self, existing: Existing, out: &mut impl Write) -> Result<(), FolderError> {
        match self.0 {
            Place::Dir(folder, _) => {
                folder.0.commit(existing).map_err(FolderError::Refused)?;
            }
            Place::Stdout(_, count @ 2..) => return Err(FolderError::Several(count)),
            Place::Stdout(first, _) => out
                .write_all(first.unwrap_or_default().as_bytes())
                .map_err(FolderError::Output)?,
        }
        Ok(())
    }
}
