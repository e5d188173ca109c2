# Closed forms for 3D core pairs (src/special3.c, src/special3_box.c) against the qhull oracle and closed forms.
gjk_add_test(test_special3 test_special3.c special3_check.c oracle3.c)
