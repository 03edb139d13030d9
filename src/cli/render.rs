//! What commands write besides their data's own rendering: schemas.

use std::io::Write;

use super::Fatal;

/// Writes a JSON Schema, pretty, as `--schema` prints it.
pub fn write_schema(out: &mut impl Write, schema: &serde_json::Value) -> Result<(), Fatal> {
    serde_json::to_writer_pretty(&mut *out, schema)?;
    out.write_all(b"\n")?;
    Ok(())
}
