//! Reading op attributes: the typed views of the op table's attribute schemas
//! (`shardref_spec::schema`), re-exported, and the conversion of their located errors
//! (`missing attribute 'x'`, `attribute 'x' must be ...`: something the verifier should catch)
//! into `InvalidProgram` errors, so that kernels read `Transpose::of(o).permutation().req()?`.

pub use shardref_spec::schema::{
    AttrError, Call, Common, Constant, Field, Func, Module, Symbol, arg, check, chlo, interpreter, ints_of, keys, kind,
    mpmd, sdy, stablehlo,
};

use crate::error::InterpError;

impl From<AttrError> for InterpError {
    fn from(e: AttrError) -> InterpError {
        InterpError::invalid(e.span, e.message())
    }
}
