// Negative tests of MLIR's `SymbolTable` trait on the module: symbol names are unique.
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// symbol_table_c1: two meshes with one name
// expected-note @+1 {{see existing symbol definition here}}
sdy.mesh @mesh = <["a"=2]>
// expected-error @+1 {{[symbol_table_c1] redefinition of symbol named 'mesh'}}
sdy.mesh @mesh = <["a"=2]>

// -----

// symbol_table_c1: a function and a mesh with one name
// expected-note @+1 {{see existing symbol definition here}}
sdy.mesh @main = <["a"=2]>
// expected-error @+1 {{[symbol_table_c1] redefinition of symbol named 'main'}}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
