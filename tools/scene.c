/* placeholder */ typedef int gjk_scene_placeholder;
