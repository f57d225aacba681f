//AAAAAAAAAQAAAAAwAAAAAAAAABA
@group(0)@binding(0)var t:texture_external;@compute@workgroup_size(1)fn i(){var r=textureLoad(t,vec2());}
