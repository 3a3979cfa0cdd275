//! Unit tests: each technique on a position that needs exactly it.

use super::*;
