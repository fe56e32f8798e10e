// Negative tests of the verifier's `fft` rules: one case per rule label,
// each directive naming the rule it expects (`{{[label] message}}`).
// RUN: shardref verify %s --split-input-file --verify-diagnostics

// fft_c1
func.func @main(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
// expected-error @+1 {{[fft_c1] operand rank must not be less than fft rank of 2}}
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4, 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// fft_c2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
// expected-error @+1 {{[fft_c2] FFT/IFFT/IRFFT take a complex tensor as input}}
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// fft_c3
func.func @main(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
// expected-error @+1 {{[fft_c3] rank must be between 1 and 3, but got 0.}}
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// fft_c4
func.func @main(%x: tensor<8xf32>) -> tensor<3xcomplex<f32>> {
// expected-error @+1 {{[fft_c4] RFFT requires innermost dimensions to be compatible with fft_length. Got: [8] but wanted [4].}}
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<8xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// fft_c5
func.func @main(%x: tensor<8xf32>) -> tensor<8xcomplex<f32>> {
// expected-error @+1 {{[fft_c5] inferred type(s) 'tensor<5xcomplex<f32>>' are incompatible}}
  %0 = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>} : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}
