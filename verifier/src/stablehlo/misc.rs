//! Tuples, tokens and the ops with fixed result types: `tuple`,
//! `get_tuple_element`, `create_token`, `after_all`, `partition_id`,
//! `replica_id`.

use shardref_spec::ir::{ElemType, Signedness, Type};

use super::common::*;
use crate::{Check, Fail};

/// `tuple`: `tuple_c1`.
pub fn tuple(op: Op<'_>) -> Check {
    let ins: Vec<Type> = op.operand_types().into_iter().cloned().collect();
    // tuple_c1
    check_inferred("tuple_c1", &Type::Tuple(ins), op.result()?)
}

/// `get_tuple_element`: `get_tuple_element_c1`, `get_tuple_element_c2`.
pub fn get_tuple_element(op: Op<'_>) -> Check {
    let [t] = op.args::<1>()?;
    let Type::Tuple(items) = t else {
        // stablehlo_operand_types
        return Err(Fail::new("stablehlo_operand_types", format!("operand #0 must be nested tuple, but got {}", q(t))));
    };
    let index = op.int(crate::attrs::stablehlo::GetTupleElement::of(op.o).index())?;
    // get_tuple_element_c1
    let Some(item) = usize::try_from(index).ok().and_then(|i| items.get(i)) else {
        return Err(Fail::new(
            "get_tuple_element_c1",
            format!("index {index} is out of bounds of operand with size {}", items.len()),
        ));
    };
    // get_tuple_element_c2
    check_inferred("get_tuple_element_c2", item, op.result()?)
}

/// `create_token` and `after_all`: token operands and a token result.
pub fn token(op: Op<'_>) -> Check {
    for (i, t) in op.operand_types().iter().enumerate() {
        if **t != Type::Token {
            // stablehlo_operand_types
            return Err(Fail::new("stablehlo_operand_types", format!("operand #{i} must be token, but got {}", q(t))));
        }
    }
    check_inferred("stablehlo_operand_types", &Type::Token, op.result()?)
}

/// `partition_id` and `replica_id`: a `tensor<ui32>` result.
pub fn process_id(op: Op<'_>) -> Check {
    op.args::<0>()?;
    let ui32 = ElemType::Int { width: 32, signedness: Signedness::Unsigned };
    // stablehlo_operand_types
    check_inferred("stablehlo_operand_types", &Type::Tensor(make(vec![], ui32)), op.result()?)
}
