//! Output names: from tag values and input names to file names in a folder.
//!
//! [`Names::stem`] makes any text (a tag value, an input file's name) a name that
//! stays in the folder it is joined to and is safe on every common file
//! system; [`Names`] hands out the names of one run, each distinct from the
//! others compared without case, so that the output is the same on file
//! systems that ignore case. Every command that writes files into a folder
//! names them here.
//!
//! ```
//! use ayo_files::name::Names;
//!
//! assert_eq!(Names::stem("Mokola, Ibadan"), "Mokola_Ibadan");
//! assert_eq!(Names::stem("../../etc/passwd"), "_.._etc_passwd");
//! assert_eq!(Names::stem("nul.txt"), "nul_.txt");
//!
//! let mut names = Names::new();
//! names.reserve("index.html");
//! assert_eq!(names.take("index", "html"), "index-2.html");
//! assert_eq!(names.take("A", "ayo"), "A.ayo");
//! assert_eq!(names.take("a", "ayo"), "a-2.ayo");
//! ```

use std::collections::HashSet;
use std::path::Path;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// See [`Names::MAX_STEM`].
pub(crate) const MAX_STEM: usize = 80;

impl Names {
    /// The longest stem [`Names::stem`] makes, in bytes: room is left for a
    /// `-N` suffix and an extension within the 255 bytes most file systems
    /// allow.
    pub const MAX_STEM: usize = MAX_STEM;

    /// A file name stem for `text`, safe on every common file system.
    ///
    /// The text is put in Unicode normalisation form C (composed), so that a
    /// name gives one stem however its accents were typed. Letters and digits
    /// (of any script) with their combining marks (a tone mark with no
    /// precomposed letter, as on Yoruba `ẹ̀`), `-`, `_` and inner `.` are kept;
    /// each run of anything else (path separators, spaces, NUL and other
    /// control characters, `: * ? " < > |`, a combining mark on nothing) becomes
    /// one `_`. The stem is
    /// at most [`Names::MAX_STEM`] bytes, cut on a character boundary; it never
    /// starts or ends with a dot (a hidden file; a dot Windows drops), is never
    /// empty, `.` or `..`, and never a name Windows reserves for a device (`CON`,
    /// `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, the last two also with
    /// `¹²³`), judged as Windows does, without case, from the part before the
    /// first dot: `nul.txt` becomes `nul_.txt`. Different texts can give one
    /// stem: [`Names`] tells them apart. `stem(stem(t)) == stem(t)`.
    pub fn stem(text: &str) -> String {
        stem(text)
    }

    /// The stem of an input file's outputs: its name without folder and
    /// extension, made safe by [`Names::stem`]; `stdin` for standard input
    /// (`-` or `<stdin>`).
    pub fn input_stem(name: &str) -> String {
        input_stem(name)
    }
}

/// See [`Names::stem`].
///
/// The text is put in Unicode normalisation form C (composed). Letters and
/// digits (of any script) with their combining marks, `-`, `_` and inner `.`
/// are kept; each run of anything else (path separators, spaces, NUL and
/// other control characters, `: * ? " < > |`, a combining mark on nothing)
/// becomes one `_`. The stem is
/// at most [`Names::MAX_STEM`] bytes, cut on a character boundary; it never starts
/// or ends with a dot (a hidden file; a dot Windows drops), is never empty,
/// `.` or `..`, and never a name Windows reserves for a device (`CON`,
/// `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, the last two also with
/// `¹²³`), judged as Windows does, without case, from the part before the
/// first dot: `nul.txt` becomes `nul_.txt`. Different texts can give one stem:
/// [`Names`] tells them apart. `stem(stem(t)) == stem(t)`.
pub(crate) fn stem(text: &str) -> String {
    let mut s = String::new();
    // Whether the last character kept is a letter or digit, or a mark on
    // one: a combining mark after it is part of it.
    let mut on_letter = false;
    for c in text.nfc() {
        let letter = c.is_alphanumeric() || (on_letter && is_combining_mark(c));
        let keep = letter || matches!(c, '-' | '.' | '_');
        if !keep && s.ends_with('_') {
            continue;
        }
        let c = if keep { c } else { '_' };
        if s.len() + c.len_utf8() > MAX_STEM {
            break;
        }
        s.push(c);
        on_letter = letter;
    }
    let mut s = s.trim_matches('.').to_string();
    if s.is_empty() {
        s.push('_');
    }
    let base = s.find('.').unwrap_or(s.len());
    if reserved(&s[..base]) {
        // `_` after the device name: `CON_`, `nul_.txt`. The base is at most
        // four characters, so cutting the end back to the bound keeps it.
        s.insert(base, '_');
        while s.len() > MAX_STEM {
            s.pop();
        }
        s.truncate(s.trim_end_matches('.').len());
    }
    s
}

/// Whether Windows reserves `base` (a name's part before its first dot) for
/// a device.
fn reserved(base: &str) -> bool {
    let upper = base.to_ascii_uppercase();
    if matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL") {
        return true;
    }
    let mut chars = upper.chars();
    let prefix: String = chars.by_ref().take(3).collect();
    let digit = chars.next();
    matches!(prefix.as_str(), "COM" | "LPT")
        && digit.is_some_and(|d| d.is_ascii_digit() || matches!(d, '¹' | '²' | '³'))
        && chars.next().is_none()
}

/// The stem of an input file's outputs: its name without folder and
/// extension, made safe by [`stem`]; `stdin` for standard input (`-` or
/// `<stdin>`).
pub(crate) fn input_stem(name: &str) -> String {
    if name == "-" || name == "<stdin>" {
        return "stdin".to_string();
    }
    let file = Path::new(name)
        .file_stem()
        .map_or_else(|| name.into(), |s| s.to_string_lossy());
    stem(&file)
}

/// The names one run gives its files, distinct compared without case.
///
/// [`Names::take`] hands out `STEM.EXT`, or when that is taken (by an earlier
/// name of the run, or one set aside by [`Names::reserve`]) `STEM-2.EXT`,
/// `STEM-3.EXT` and so on: two outputs never get one name, whatever the
/// case of their texts. Two names are one when they agree in Unicode lower
/// case or in upper case (`ß` and `ẞ`, `σ` and `ς`, `K` and the Kelvin sign):
/// a file system that ignores case could take either for the other.
#[derive(Debug, Default, Clone)]
pub struct Names {
    /// Each name given or reserved, in Unicode lower case.
    lower: HashSet<String>,
    /// The same names in upper case.
    upper: HashSet<String>,
}

impl Names {
    /// No name taken yet.
    pub fn new() -> Names {
        Names::default()
    }

    /// Sets `name` aside (`index.html`), so that [`Names::take`] never gives
    /// it. Returns whether it was free.
    pub fn reserve(&mut self, name: &str) -> bool {
        let (lower, upper) = (name.to_lowercase(), name.to_uppercase());
        if self.lower.contains(&lower) || self.upper.contains(&upper) {
            return false;
        }
        self.lower.insert(lower);
        self.upper.insert(upper);
        true
    }

    /// A new name for `text` (made safe by [`Names::stem`]) with the extension
    /// `ext` (no dot; empty for none), distinct from every name given or
    /// reserved so far.
    pub fn take(&mut self, text: &str, ext: &str) -> String {
        let base = stem(text);
        let dot = if ext.is_empty() { "" } else { "." };
        let mut name = format!("{base}{dot}{ext}");
        let mut k = 1u64;
        while !self.reserve(&name) {
            k += 1;
            name = format!("{base}-{k}{dot}{ext}");
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::path::Component;

    #[test]
    fn stems_are_safe() {
        assert_eq!(stem("1"), "1");
        assert_eq!(stem("Mokola Open 2025"), "Mokola_Open_2025");
        assert_eq!(stem("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(stem("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
        assert_eq!(stem("Ìbàdàn"), "Ìbàdàn");
        // Tone marks are kept, composed where Unicode has the letter: `Ọ̀`
        // is `Ọ` and a combining grave in any form.
        assert_eq!(
            stem("O\u{323}\u{300}yo\u{323}\u{301} 2"),
            "\u{1ecc}\u{300}y\u{1ecd}\u{301}_2"
        );
        assert_eq!(
            stem("\u{1ecc}\u{300}y\u{1ecd}\u{301} 2"),
            "\u{1ecc}\u{300}y\u{1ecd}\u{301}_2"
        );
        assert_eq!(
            stem("Ade\u{301}wa\u{301}le\u{301} O\u{300}gu\u{301}nle\u{323}\u{300}ye\u{323}"),
            "Adéwálé_Ògúnlẹ̀yẹ"
        );
        // A mark on nothing kept is not kept.
        assert_eq!(stem("\u{301}a /\u{301}b -\u{300}"), "_a_b_-_");
        assert_eq!(stem("a\0b\nc\u{202e}d"), "a_b_c_d");
        assert_eq!(stem(""), "_");
        assert_eq!(stem("..."), "_");
        assert_eq!(stem("."), "_");
        assert_eq!(stem(" x. "), "_x._");
        assert_eq!(stem(".hidden"), "hidden");
        assert_eq!(stem("x."), "x");
        assert_eq!(stem(&"x".repeat(300)).len(), MAX_STEM);
        assert_eq!(stem(&"é".repeat(300)).len(), MAX_STEM);
        assert_eq!(stem(&format!("a{}", "é".repeat(300))).len(), MAX_STEM - 1);
    }

    #[test]
    fn windows_device_names_are_changed_from_the_first_dot() {
        assert_eq!(stem("con"), "con_");
        assert_eq!(stem("CON"), "CON_");
        assert_eq!(stem("nul.txt"), "nul_.txt");
        assert_eq!(stem("LPT9.x"), "LPT9_.x");
        assert_eq!(stem("Com3.x.y"), "Com3_.x.y");
        assert_eq!(stem("com¹"), "com¹_");
        assert_eq!(stem("Aux"), "Aux_");
        assert_eq!(stem("prn.."), "prn_");
        assert_eq!(stem("COM"), "COM");
        assert_eq!(stem("COM10"), "COM10");
        assert_eq!(stem("console"), "console");
        assert_eq!(stem("x.nul"), "x.nul");
        let long = format!("nul.{}", "x".repeat(200));
        assert_eq!(stem(&long).len(), MAX_STEM);
        assert!(stem(&long).starts_with("nul_."));
        let dots = format!("nul.{}.x", "x".repeat(74));
        assert_eq!(stem(&dots), format!("nul_.{}", "x".repeat(74)));
    }

    #[test]
    fn input_stems() {
        assert_eq!(input_stem("d1/x.ayo"), "x");
        assert_eq!(input_stem("-"), "stdin");
        assert_eq!(input_stem("<stdin>"), "stdin");
        assert_eq!(input_stem("club night #2?.ayo"), "club_night_2_");
        assert_eq!(input_stem("archive.tar.ayo"), "archive.tar");
        assert_eq!(input_stem("/"), "_");
        assert_eq!(input_stem(".."), "_");
    }

    #[test]
    fn names_differ_without_case() {
        let mut names = Names::new();
        assert!(names.reserve("index.html"));
        assert_eq!(names.take("Index", "html"), "Index-2.html");
        assert_eq!(names.take("x", "ayo"), "x.ayo");
        assert_eq!(names.take("x-2", "ayo"), "x-2.ayo");
        assert_eq!(names.take("X", "ayo"), "X-3.ayo");
        assert_eq!(names.take("Σ", "ayo"), "Σ.ayo");
        assert_eq!(names.take("σ", "ayo"), "σ-2.ayo");
        assert_eq!(names.take("K", "ayo"), "K.ayo");
        // The Kelvin sign is `K` in normalisation form C.
        assert_eq!(names.take("\u{212a}", "ayo"), "K-2.ayo");
        assert_eq!(names.take("ß", "ayo"), "ß.ayo");
        assert_eq!(names.take("ẞ", "ayo"), "ẞ-2.ayo");
        assert_eq!(names.take("ΑΣ", "ayo"), "ΑΣ.ayo");
        assert_eq!(names.take("ασ", "ayo"), "ασ-2.ayo");
        assert_eq!(names.take("", ""), "_");
        assert!(!names.reserve("_"));
    }

    /// Texts a tag value or a file name could hold, hostile ones often.
    fn texts() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "/", "\\", "..", ".", "\0", "\n", " ", ":", "con", "NUL", "Lpt9", "com¹", "aux.", "A",
            "a", "ß", "SS", "Σ", "σ", "ς", "İ", "i", "\u{212a}", "k", "é", "e\u{301}", "-2", "_",
            "x", "~", "\u{202e}", "Ọ̀", "\u{ff0f}",
        ]);
        prop_oneof![
            prop::collection::vec(pieces, 0..8).prop_map(|v| v.concat()),
            any::<String>(),
            "[a-cA-C./\\\\ -]{0,6}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn every_name_stays_in_its_folder_and_none_collide(
            values in prop::collection::vec(texts(), 1..12),
        ) {
            let mut names = Names::new();
            names.reserve("index.html");
            let mut given = vec!["index.html".to_string()];
            for value in &values {
                let s = stem(value);
                prop_assert_eq!(stem(&s), s.clone());
                prop_assert!(s.len() <= MAX_STEM);
                prop_assert!(!s.starts_with('.') && !s.ends_with('.'));
                let base = s.split('.').next().unwrap();
                prop_assert!(!reserved(base), "{:?} is reserved", s);
                for ext in ["ayo", "html"] {
                    let name = names.take(value, ext);
                    prop_assert!(!name.contains(['/', '\\', '\0']), "{:?}", name);
                    prop_assert!(!name.chars().any(char::is_control), "{:?}", name);
                    prop_assert!(name != "." && name != ".." && !name.starts_with('.'));
                    let folder = Path::new("out");
                    let path = folder.join(&name);
                    prop_assert_eq!(path.parent(), Some(folder));
                    let parts: Vec<Component> = path.components().collect();
                    prop_assert_eq!(parts.len(), 2);
                    prop_assert!(matches!(parts[1], Component::Normal(_)));
                    let (lower, upper) = (name.to_lowercase(), name.to_uppercase());
                    prop_assert!(
                        given.iter().all(|g| g.to_lowercase() != lower && g.to_uppercase() != upper),
                        "{:?} given twice", name
                    );
                    given.push(name);
                }
            }
        }
    }
}
