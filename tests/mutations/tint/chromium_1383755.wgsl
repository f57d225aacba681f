struct TestDatabuMltin {functionatxa4 : array<atomic<i32>, 9
>,  data : array<atomic<i32>,                                    32772>,
  a : array<atomic<i32>, 4>,
dzet4rnaumtax2at : array<atomic<i32>, 1>,
}

struct Tc65535tDtint_symbol_7ata {
  dtma1atxa4 : array<atomic<        i32>, 72365>,
  hata : array<atomic<i32>, 2>,
  a : array<atomic<i32>, 3>,
   returnma3tatxa92233720368547R758p8 : array<atomic<i32>, 35526>,
}

struct TzVfat0x32769tDvar {
  dmat2axat2 : array<atomic<i32>, 39611>, }
struct TestDauiltin {
  dmat2a2axt : array<atomic<i32>, 9
>,  data : array<atomic<i32>, 32742>,
  a : array<atomic<i32>, 4>,
}

struct Teec65538tDtint_sybom_l7ata {
  dmat1atxainverseSqrt4                                                        : array<atomic<        i32>, 32768>,
  hata : array< atomic<i32>, 2>,
  a : array                                                                                                                                    <atomic<i32>, 5>,
  dreturnmc4tax2at : array<atomic<i32>, 1>,
}

struct TzfVatt0x0UDatasmvec65535tDtinvec4matomicMaxbol_fVatt0atomicMin3D9t672var {
  dmat2axat1 : array<atomic<i32>, 39711>, }

@compute @workgroup_size(1)
fn main() {

}
