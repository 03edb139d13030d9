//! `ayo html --out-dir`: a page per input and an index of them, written into
//! a folder and put in place together once all are written.

use crate::files::batch::Batch;
use crate::files::name::Names;
use crate::files::write::Existing;

use super::super::FolderError;
use super::ViewerGame;

/// The pages of a folder, as they are written: each input's page is named
/// after the input (`NAME.html` for `NAME.ayo`, made distinct: two inputs of
/// one name get two pages, and none takes the index's name).
///
/// ```
/// use ayo::files::batch::Batch;
/// use ayo::files::write::Existing;
/// use ayo::output::html::Site;
///
/// let dir = tempfile::tempdir()?;
/// let mut site = Site::new(Batch::new(dir.path())?);
/// site.page("club.ayo", "Club night", &[])?;
/// site.finish(Existing::Refuse)?;
/// assert!(dir.path().join("club.html").exists() && dir.path().join("index.html").exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Site {
    batch: Batch,
    /// Each page's file name, title and number of games.
    index: Vec<(String, String, usize)>,
}

impl Site {
    /// Pages written into the folder of `batch`.
    pub fn new(mut batch: Batch) -> Site {
        batch.reserve("index.html");
        Site {
            batch,
            index: Vec::new(),
        }
    }

    /// Writes the page of input `input`, titled `title`, with its games.
    pub fn page(
        &mut self,
        input: &str,
        title: &str,
        games: &[ViewerGame],
    ) -> Result<(), FolderError> {
        let page = ViewerGame::page(title, games);
        let name = (self.batch)
            .write(&Names::input_stem(input), "html", page.as_bytes())
            .map_err(|e| self.cannot(e))?;
        self.index.push((name, title.to_string(), games.len()));
        Ok(())
    }

    /// Writes the index of the pages and puts every page in place
    /// (`existing`: what to do with files already there).
    pub fn finish(mut self, existing: Existing) -> Result<(), FolderError> {
        let index = ViewerGame::index_page(&self.index);
        let slot = self.batch.add_reserved("index.html");
        let slot = slot.map_err(|e| self.cannot(e))?;
        (self.batch.append(slot, index.as_bytes())).map_err(|e| self.cannot(e))?;
        (self.batch.commit(existing)).map_err(FolderError::Refused)?;
        Ok(())
    }

    fn cannot(&self, source: std::io::Error) -> FolderError {
        let dir = self.batch.dir().to_path_buf();
        FolderError::Write { dir, source }
    }
}
