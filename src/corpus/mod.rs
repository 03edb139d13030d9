//! Working on many records at once: choosing games by what they say and how
//! they play ([`select`]), and recognising the same game under other tags
//! ([`key`]). No I/O: the `filter` and `duplicates` commands read and write.
//!
//! ```
//! use ayo::corpus::select::{Criteria, TagTest, scan_tags};
//!
//! let text = b"[Event \"Club night\"]\n[Round \"2\"]\n\n1. cx7 *";
//! let tags = scan_tags(text).unwrap();
//! let mut criteria = Criteria::default();
//! criteria.tags.push("Round=2".parse::<TagTest>().unwrap());
//! assert!(criteria.tags_match(&tags));
//! ```

pub mod key;
pub mod select;
pub mod standings;
pub mod stats;

/// A file name stem for a tag value, safe on every common file system: ASCII
/// letters, digits, `-`, `_` and inner `.` kept, runs of anything else one
/// `_`, at most 80 bytes, never empty, never a name Windows reserves (`CON`,
/// `NUL`, `COM1`, ...). Different values can give the same stem; the caller
/// tells them apart.
pub fn file_stem(value: &str) -> String {
    let mut stem = String::new();
    for c in value.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_') {
            stem.push(c);
        } else if !stem.ends_with('_') {
            stem.push('_');
        }
    }
    // No leading dot (a hidden file), no trailing dot (dropped by Windows).
    stem.truncate(80);
    let mut stem = stem.trim_matches('.').to_string();
    if stem.is_empty() {
        stem.push('_');
    }
    let base = stem.split('.').next().unwrap_or("").to_ascii_uppercase();
    let reserved = matches!(base.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((base.starts_with("COM") || base.starts_with("LPT"))
            && base.len() == 4
            && base.as_bytes()[3].is_ascii_digit());
    if reserved {
        stem.push('_');
    }
    stem
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn file_stems_are_safe() {
        assert_eq!(file_stem("1"), "1");
        assert_eq!(file_stem("Mokola Open 2025"), "Mokola_Open_2025");
        assert_eq!(file_stem("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(file_stem("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
        assert_eq!(file_stem("Ọ̀yọ́ 2"), "_y_2");
        assert_eq!(file_stem(""), "_");
        assert_eq!(file_stem("..."), "_");
        assert_eq!(file_stem("con"), "con_");
        assert_eq!(file_stem("Com3.x"), "Com3.x_");
        assert_eq!(file_stem("COM"), "COM");
        assert_eq!(file_stem(&"x".repeat(300)).len(), 80);
    }
}
