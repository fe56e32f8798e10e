//! A small process-wide pool of large dead buffers, reused by kernels that
//! need a fresh output buffer.
//!
//! A fresh multi-megabyte allocation costs a page fault per 4 KiB page the
//! first time it is written, which for elementwise kernels costs more than
//! the arithmetic. The evaluator hands the buffers of dead values to the
//! pool (`give`); kernels take one of the exact type and length (`take`)
//! and overwrite every element, so a pooled buffer's old contents never
//! reach a result.
//!
//! Invariants: only uniquely held buffers of at least `MIN_LEN` elements
//! enter the pool; it holds at most `MAX_BUFFERS` buffers and `MAX_BYTES`
//! bytes, dropping the oldest beyond that.

use std::any::{Any, TypeId};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use crate::value::Buffer;

/// Smallest buffer worth pooling, in elements.
const MIN_LEN: usize = 1 << 16;
const MAX_BUFFERS: usize = 8;
const MAX_BYTES: usize = 256 << 20;

struct Entry {
    ty: TypeId,
    len: usize,
    bytes: usize,
    buf: Box<dyn Any + Send>,
}

static POOL: Mutex<VecDeque<Entry>> = Mutex::new(VecDeque::new());

/// A pooled buffer of `len` elements of `T` (old contents), if one is free.
pub fn take<T: Send + Sync + 'static>(len: usize) -> Option<Arc<[T]>> {
    if len < MIN_LEN {
        return None;
    }
    let mut pool = POOL.lock().ok()?;
    let i = pool.iter().position(|e| e.ty == TypeId::of::<T>() && e.len == len)?;
    let e = pool.remove(i)?;
    e.buf.downcast::<Arc<[T]>>().ok().map(|b| *b)
}

/// Offers a dead buffer to the pool (kept only when nothing else holds it).
pub fn offer<T: Send + Sync + 'static>(mut a: Arc<[T]>) {
    let len = a.len();
    if len < MIN_LEN || Arc::get_mut(&mut a).is_none() {
        return;
    }
    let Ok(mut pool) = POOL.lock() else { return };
    let bytes = len * std::mem::size_of::<T>();
    if bytes > MAX_BYTES {
        return;
    }
    pool.push_back(Entry { ty: TypeId::of::<T>(), len, bytes, buf: Box::new(a) });
    while pool.len() > MAX_BUFFERS || pool.iter().map(|e| e.bytes).sum::<usize>() > MAX_BYTES {
        pool.pop_front();
    }
}

/// Offers a dead value's buffer to the pool (see `offer`).
pub fn give(buf: Buffer) {
    match buf {
        Buffer::F32(a) => offer(a),
        Buffer::F64(a) => offer(a),
        Buffer::I32(a) => offer(a),
        Buffer::I64(a) => offer(a),
        _ => {}
    }
}
