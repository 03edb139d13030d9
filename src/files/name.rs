//! Output names: from tag values and input names to file names in a folder.
